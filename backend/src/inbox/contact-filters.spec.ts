import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { contactFilters, filtersSearchParams } from './contact-filters.js';

describe('contact filters', () => {
  it('turn the query string into instants, and back into a query string for the next link', () => {
    const filters = contactFilters({
      q: 'zoë',
      interest: ['community', 'partnership'],
      status: ['spam'],
      from: '2026-11-01T01:00:00+01:00',
      to: '2026-11-02T00:00:00Z',
    });

    expect(filters.from).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(filtersSearchParams(filters).toString()).toBe(
      'q=zo%C3%AB&interest=community%2Cpartnership&status=spam&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-02T00%3A00%3A00.000Z',
    );
  });

  it('leave out of the next link what was not asked', () => {
    expect(filtersSearchParams(contactFilters({})).toString()).toBe('');
  });

  it.each([
    [{ from: '2026-02-29T00:00:00Z' }, 'from is not a valid date and time'],
    [{ to: '2026-04-31T00:00:00Z' }, 'to is not a valid date and time'],
    [{ from: '2026-11-02T00:00:00Z', to: '2026-11-02T00:00:00Z' }, 'from must be before to'],
  ])('refuse %j', (query, message) => {
    expect(() => contactFilters(query)).toThrow(new BadRequestException([message]));
  });
});
