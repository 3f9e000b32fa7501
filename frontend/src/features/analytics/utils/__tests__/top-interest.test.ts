import { describe, expect, it } from 'vitest';
import { topInterest } from '../top-interest';

describe('topInterest', () => {
  it('is N/A when nothing was submitted', () => {
    expect(topInterest(undefined)).toBe('N/A');
    expect(topInterest({})).toBe('N/A');
    expect(topInterest({ 'empower-team': 0 })).toBe('N/A');
  });

  it('is the first word of the label of the highest count', () => {
    expect(topInterest({ 'empower-team': 1, partnership: 3 })).toBe('Partnership');
    expect(topInterest({ community: 2, partnership: 1 })).toBe('TA');
    expect(topInterest({ 'empower-team': 5 })).toBe('Empower');
  });

  it('breaks ties in the order empower-team, community, partnership', () => {
    expect(topInterest({ partnership: 2, community: 2, 'empower-team': 2 })).toBe('Empower');
    expect(topInterest({ partnership: 2, community: 2 })).toBe('TA');
  });
});
