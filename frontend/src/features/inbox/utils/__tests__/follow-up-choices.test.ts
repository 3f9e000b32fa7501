import { describe, expect, it } from 'vitest';
import { followUpChoices, followUpOn, localDay } from '../follow-up-choices';

const local = (...parts: [number, number, number, number, number]) => new Date(...parts);
const byKey = (now: Date) => Object.fromEntries(followUpChoices(now).map((choice) => [choice.key, choice.at]));

describe(followUpChoices.name, () => {
  it('offers today, in an hour, tomorrow and next Monday at 09:00 local time', () => {
    // Wednesday 25 November 2026, 07:15.
    const choices = byKey(local(2026, 10, 25, 7, 15));
    expect(choices.today).toEqual(local(2026, 10, 25, 9, 0));
    expect(choices['in-an-hour']).toEqual(local(2026, 10, 25, 8, 15));
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

  it('skips the weekend: after a Friday or a Saturday the next working day is Monday, named', () => {
    const monday = local(2026, 10, 30, 9, 0);
    for (const day of [27, 28]) {
      const [, , next] = followUpChoices(local(2026, 10, day, 12, 0));
      expect(next).toMatchObject({ at: monday, label: monday.toLocaleDateString(undefined, { weekday: 'long' }) });
    }
    // A Sunday's tomorrow is Monday; a Thursday's is Friday.
    expect(followUpChoices(local(2026, 10, 29, 12, 0))[2]).toMatchObject({ at: monday, label: 'Tomorrow' });
    expect(followUpChoices(local(2026, 10, 26, 12, 0))[2]).toMatchObject({ at: local(2026, 10, 27, 9, 0), label: 'Tomorrow' });
  });
});

describe(followUpOn.name, () => {
  it('reads a date field as that day at 09:00, and nothing else', () => {
    expect(followUpOn('2026-12-24')).toEqual(local(2026, 11, 24, 9, 0));
    expect(followUpOn('')).toBeNull();
    expect(followUpOn('24.12.2026')).toBeNull();
    expect(followUpOn('2026-12-24', '17:45')).toEqual(local(2026, 11, 24, 17, 45));
    expect(followUpOn('2026-12-24', '25:00')).toBeNull();
    expect(localDay(local(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
