import { describe, expect, it } from 'vitest';
import { relativeTime } from '../relative-time';

const now = new Date('2026-11-23T12:00:00Z');

describe(relativeTime.name, () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-23T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-11-23T09:59:00Z', now)).toBe('2 h ago');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('3 d ago');
  });

  it('gives the local date past a month, and the text as it is when it is no date', () => {
    expect(relativeTime('2026-01-01T12:00:00Z', now)).toBe(new Date('2026-01-01T12:00:00Z').toLocaleDateString());
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});
