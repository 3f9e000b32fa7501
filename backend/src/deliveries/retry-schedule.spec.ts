import { describe, expect, it } from '@jest/globals';
import { isRetryableStatus, MAX_DELAY_FACTOR, retryDelayMs } from './retry-schedule.js';

const HOUR = 3_600_000;
const middle = () => 0.5;

describe(retryDelayMs.name, () => {
  it('doubles the wait after each failed attempt, starting at the base', () => {
    const delays = [1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, 1_000, middle));

    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('caps the wait at 600 times the base', () => {
    expect(retryDelayMs(10, 1_000, middle)).toBe(512_000);
    expect(retryDelayMs(11, 1_000, middle)).toBe(MAX_DELAY_FACTOR * 1_000);
    expect(retryDelayMs(40, 1_000, middle)).toBe(MAX_DELAY_FACTOR * 1_000);
  });

  it('shifts each wait by up to a quarter either way, at random', () => {
    expect(retryDelayMs(3, 1_000, () => 0)).toBe(3_000);
    expect(retryDelayMs(3, 1_000, () => 0.999_999)).toBe(5_000);
    const spread = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, 1_000)));
    expect(spread.size).toBeGreaterThan(10);
    for (const delay of spread) {
      expect(delay).toBeGreaterThanOrEqual(3_000);
      expect(delay).toBeLessThanOrEqual(5_000);
    }
  });

  it('spreads the production schedule (base 30 s, 14 attempts) over about a day', () => {
    const total = (random: () => number) =>
      Array.from({ length: 13 }, (_, index) => retryDelayMs(index + 1, 30_000, random)).reduce((sum, delay) => sum + delay, 0);

    expect(total(middle)).toBeGreaterThan(20 * HOUR);
    expect(total(middle)).toBeLessThan(28 * HOUR);
    expect(total(() => 0)).toBeGreaterThan(16 * HOUR);
    expect(total(() => 0.999_999)).toBeLessThan(30 * HOUR);
  });
});

describe(isRetryableStatus.name, () => {
  it.each([408, 429, 500, 502, 503, 504, 599])('retries %i', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });

  it.each([300, 304, 400, 401, 403, 404, 405, 410, 413, 422])('does not retry %i', (status) => {
    expect(isRetryableStatus(status)).toBe(false);
  });
});
