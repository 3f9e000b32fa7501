import { describe, expect, it } from 'vitest';
import { followUpChoices, followUpOn, localDay } from '../follow-up-choices';

const local = (...parts: [number, number, number, number, number]) => new Date(...parts);
const byKey = (now: Date) => Object.fromEntries(followUpChoices(now).map((choice) => [choice.key, choice.at]));

describe(followUpChoices.name, () => {
  it('offers today, tomorrow and next Monday at 09:00 local time', () => {
    // Wednesday 25 November 2026, 07:15.
    const choices = byKey(local(2026, 10, 25, 7, 15));
    expect(choices.today).toEqual(local(2026, 10, 25, 9, 0));
    expect(choices.tomorrow).toEqual(local(2026, 10, 26, 9, 0));
    expect(choices['next-week']).toEqual(local(2026, 10, 30, 9, 0));
  });

  it('makes today due at once once the morning has passed, and a Monday next week seven days on', () => {
    // Monday 23 November 2026, 14:40:30.
    const now = new Date(2026, 10, 23, 14, 40, 30);
    const choices = byKey(now);
    expect(choices.today).toEqual(local(2026, 10, 23, 14, 40));
    expect(choices['next-week']).toEqual(local(2026, 10, 30, 9, 0));
    // Sunday: next week starts tomorrow; the last day of a month rolls over.
    expect(byKey(local(2026, 10, 29, 20, 0))['next-week']).toEqual(local(2026, 10, 30, 9, 0));
    expect(byKey(local(2026, 10, 30, 20, 0)).tomorrow).toEqual(local(2026, 11, 1, 9, 0));
  });
});

describe(followUpOn.name, () => {
  it('reads a date field as that day at 09:00, and nothing else', () => {
    expect(followUpOn('2026-12-24')).toEqual(local(2026, 11, 24, 9, 0));
    expect(followUpOn('')).toBeNull();
    expect(followUpOn('24.12.2026')).toBeNull();
    expect(localDay(local(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
