import { describe, expect, it } from 'vitest';
import { durationText, responseState } from '../response-text';

const settings = { targetMinutes: 60, businessHours: null };
const now = new Date('2026-11-23T12:00:00Z');

describe(durationText.name, () => {
  it('says minutes, hours (with the rest) and days', () => {
    expect(durationText(0)).toBe('0 min');
    expect(durationText(12.7)).toBe('12 min');
    expect(durationText(120)).toBe('2 h');
    expect(durationText(125)).toBe('2 h 5 min');
    expect(durationText(3 * 1440 + 5)).toBe('3 d');
  });
});

describe(responseState.name, () => {
  it('says how fast an answered lead was answered, in the API minutes', () => {
    const lead = { status: 'contacted' as const, submittedAt: '2026-11-23T10:00:00Z', firstRespondedAt: '2026-11-23T10:30:00Z' };
    expect(responseState({ ...lead, responseMinutes: 12 }, now, settings)).toMatchObject({
      kind: 'answered',
      text: 'answered in 12 min',
    });
    expect(responseState(lead, now, settings)).toMatchObject({ kind: 'answered', text: 'answered in 30 min' });
  });

  it('says how long a new lead waits, overdue past the target', () => {
    const lead = { status: 'new' as const, submittedAt: '2026-11-23T11:30:00Z' };
    expect(responseState(lead, now, settings)).toMatchObject({ kind: 'waiting', text: 'waiting 30 min', overdue: false });
    expect(responseState({ ...lead, submittedAt: '2026-11-23T10:00:00Z' }, now, settings)).toMatchObject({
      kind: 'waiting',
      text: 'waiting 2 h',
      overdue: true,
    });
  });

  it("takes the API's due time when the row has one", () => {
    const lead = { status: 'new' as const, submittedAt: '2026-11-23T11:30:00Z', responseDueAt: '2026-11-23T11:50:00Z' };
    expect(responseState(lead, now, settings)).toMatchObject({ text: 'waiting 30 min', overdue: true });
    expect(responseState({ ...lead, responseDueAt: '2026-11-24T09:00:00Z' }, now, undefined)).toMatchObject({ overdue: false });
  });

  it('leaves business hours to the API, and never holds spam overdue', () => {
    const hours = { timeZone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };
    const lead = { status: 'new' as const, submittedAt: '2026-11-20T16:30:00Z' };
    expect(responseState(lead, now, { targetMinutes: 60, businessHours: hours })).toMatchObject({
      text: 'waiting 2 d',
      overdue: false,
    });
    expect(responseState({ ...lead, heldAsSpam: true }, now, settings)).toEqual({ kind: 'none' });
  });

  it('counts a released lead from its release, not from its arrival', () => {
    const lead = { status: 'new' as const, submittedAt: '2026-11-20T10:00:00Z', releasedAt: '2026-11-23T11:45:00Z' };
    expect(responseState(lead, now, settings)).toMatchObject({ text: 'waiting 15 min', overdue: false });
  });
});
