import { describe, expect, it } from '@jest/globals';
import { type BusinessHours, businessMinutesBetween, responseDueAt } from './business-time.js';

const weekdays: BusinessHours = { timeZone: 'Europe/Paris', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };
const at = (iso: string) => new Date(iso);

describe('business time', () => {
  it('counts every minute without business hours', () => {
    expect(responseDueAt(at('2026-11-27T17:00:00Z'), 60, null).toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(businessMinutesBetween(at('2026-11-27T17:00:00Z'), at('2026-11-27T18:29:59Z'), null)).toBe(89);
  });

  it('makes a lead of Friday 18:00 due Monday 10:00 with a 60-minute target (9–17 Monday to Friday)', () => {
    // Friday 27 November 2026, 18:00 in Paris (UTC+1) → Monday 30 November, 10:00.
    const due = responseDueAt(at('2026-11-27T17:00:00Z'), 60, weekdays);
    expect(due.toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(businessMinutesBetween(at('2026-11-27T17:00:00Z'), due, weekdays)).toBe(60);
  });

  it('carries the rest of a target over the weekend', () => {
    // Friday 16:30 → 30 minutes on Friday, 30 on Monday morning.
    const due = responseDueAt(at('2026-11-27T15:30:00Z'), 60, weekdays);
    expect(due.toISOString()).toBe('2026-11-30T08:30:00.000Z');
    expect(businessMinutesBetween(at('2026-11-27T15:30:00Z'), at('2026-11-30T08:30:00Z'), weekdays)).toBe(60);
  });

  it('counts nothing outside the hours and within them minute by minute', () => {
    expect(businessMinutesBetween(at('2026-11-28T10:00:00Z'), at('2026-11-29T20:00:00Z'), weekdays)).toBe(0);
    expect(businessMinutesBetween(at('2026-11-30T08:00:00Z'), at('2026-11-30T08:45:30Z'), weekdays)).toBe(45);
    // Monday 9:00 to Tuesday 9:00: one working day.
    expect(businessMinutesBetween(at('2026-11-30T08:00:00Z'), at('2026-12-01T08:00:00Z'), weekdays)).toBe(480);
  });

  it('follows the zone across the spring DST change (a weekend that starts in CET and ends in CEST)', () => {
    // Friday 27 March 2026 16:30 CET (15:30Z); clocks go forward on Sunday 29 March.
    const due = responseDueAt(at('2026-03-27T15:30:00Z'), 60, weekdays);
    // Monday 30 March 09:30 CEST = 07:30Z.
    expect(due.toISOString()).toBe('2026-03-30T07:30:00.000Z');
    expect(businessMinutesBetween(at('2026-03-27T15:30:00Z'), due, weekdays)).toBe(60);
  });

  it('counts the short and the long day of a DST change', () => {
    const sundays: BusinessHours = { timeZone: 'Europe/Paris', days: [7], start: '00:00', end: '23:00' };
    // 29 March 2026 has no 02:00–03:00: 22 hours open. 25 October 2026 has 02:00–03:00 twice: 24 hours.
    expect(businessMinutesBetween(at('2026-03-28T12:00:00Z'), at('2026-03-30T12:00:00Z'), sundays)).toBe(22 * 60);
    expect(businessMinutesBetween(at('2026-10-24T12:00:00Z'), at('2026-10-26T12:00:00Z'), sundays)).toBe(24 * 60);
  });

  it('follows another zone (New York, DST on 8 March 2026)', () => {
    const newYork: BusinessHours = { ...weekdays, timeZone: 'America/New_York' };
    // Friday 6 March 16:30 EST (21:30Z) → Monday 9 March 09:30 EDT (13:30Z).
    expect(responseDueAt(at('2026-03-06T21:30:00Z'), 60, newYork).toISOString()).toBe('2026-03-09T13:30:00.000Z');
  });

  it('starts the count at the opening when a lead arrives before it', () => {
    // Monday 07:00 Paris → due 09:00 + 90 minutes.
    expect(responseDueAt(at('2026-11-30T06:00:00Z'), 90, weekdays).toISOString()).toBe('2026-11-30T09:30:00.000Z');
  });
});
