import { describe, expect, it } from '@jest/globals';
import { etagOf, ifMatchHolds } from './lead-version.js';

describe(ifMatchHolds.name, () => {
  it.each([
    ['"3"', true],
    ['W/"3"', true],
    ['"1", "3"', true],
    ['*', true],
    ['"2"', false],
    ['3', false],
    ['', false],
  ])('If-Match %j against version 3: %s', (header, holds) => {
    expect(ifMatchHolds(header, 3)).toBe(holds);
  });

  it('tags a version as a quoted string', () => {
    expect(etagOf(12)).toBe('"12"');
  });
});
