import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../api-client';
import { waitText } from '../wait-text';

describe('waitText', () => {
  it('says seconds under a minute, minutes under an hour, rounded up', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(0)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
    expect(waitText(3600)).toBe('1 hour');
    expect(waitText(5400)).toBe('2 hours');
  });

  it('says "a moment" when the answer did not say', () => {
    expect(waitText(null)).toBe('a moment');
  });
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and an HTTP date', () => {
    expect(retryAfterSeconds('900')).toBe(900);
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterSeconds('Tue, 24 Nov 2026 10:02:00 GMT', now)).toBe(120);
  });

  it('is null when absent or unreadable', () => {
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});
