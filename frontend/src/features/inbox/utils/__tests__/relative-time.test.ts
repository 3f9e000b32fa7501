import { describe, expect, it } from 'vitest';
import { localTime, localTimeParts, relativeTime } from '../relative-time';

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

describe(localTime.name, () => {
  it("reads as the browser's own local date and time of the instant", () => {
    for (const iso of ['2026-11-29T16:09:31Z', '2026-01-01T00:00:00Z', '2026-06-30T23:59:59Z'])
      expect(localTime(iso)).toBe(new Date(iso).toLocaleString());
  });

  it('keeps a text that is no date as it is', () => {
    expect(localTime('not a date')).toBe('not a date');
  });
});

describe(localTimeParts.name, () => {
  it('splits the local time into its date and its time, which read as the whole with a space between', () => {
    const iso = '2026-11-29T16:09:31Z';
    const parts = localTimeParts(iso);
    expect(parts).toHaveLength(2);
    expect(parts.join(' ')).toBe(localTime(iso));
    expect(parts[0]).toBe(`${new Date(iso).toLocaleDateString()},`);
  });

  it('keeps a text that is no date whole', () => {
    expect(localTimeParts('not a date')).toEqual(['not a date']);
  });
});
