import { describe, expect, it } from '@jest/globals';
import { RecentCounter } from './recent-counter.js';

describe(RecentCounter.name, () => {
  const HOUR = 3_600_000;

  it('counts the distinct values of a key within the window, the new one included', () => {
    const counter = new RecentCounter(HOUR);

    expect(counter.add('text', 'a@example.com', 0)).toBe(1);
    expect(counter.add('text', 'a@example.com', 1_000)).toBe(1);
    expect(counter.add('text', 'b@example.com', 2_000)).toBe(2);
    expect(counter.add('other text', 'a@example.com', 3_000)).toBe(1);
    expect(counter.add('text', 'c@example.com', 4_000)).toBe(3);
  });

  it('forgets a value once it was last seen longer ago than the window', () => {
    const counter = new RecentCounter(HOUR);
    counter.add('text', 'a@example.com', 0);
    counter.add('text', 'b@example.com', HOUR / 2);
    // a@ seen again: it stays as long as its last sighting is recent.
    counter.add('text', 'a@example.com', HOUR - 1);

    expect(counter.add('text', 'c@example.com', HOUR + HOUR / 2)).toBe(2);
    expect(counter.add('text', 'd@example.com', 3 * HOUR)).toBe(1);
  });

  it('keeps at most maxValues values a key and maxKeys keys, the oldest dropped first', () => {
    const counter = new RecentCounter(HOUR, 2, 3);
    for (const [index, value] of ['a', 'b', 'c', 'd'].entries()) counter.add('key', value, index);

    expect(counter.add('key', 'e', 10)).toBe(3);

    counter.add('second', 'x', 11);
    counter.add('third', 'y', 12);
    // 'key' was the least recently used: dropped, so it starts again from its new value.
    expect(counter.add('key', 'f', 13)).toBe(1);
  });
});
