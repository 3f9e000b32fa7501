/**
 * What this process saw within the last `windowMs`, per key: the distinct values (e-mail
 * addresses of one text) or plain hits (submissions of one network). Kept in memory: the
 * score is computed before the submission's batch and waits for nothing outside the process
 * (each replica counts what it receives). Bounded: at most `maxKeys` keys and `maxValues`
 * values a key, the oldest dropped. Each call costs the same however busy a key is: every
 * submission pays for it at intake.
 */
export class RecentCounter {
  // Per key, each distinct value with the last time it was seen. Both Maps keep their
  // entries in recency order (an entry seen again is re-inserted last), so the oldest key
  // and a key's oldest values are always first.
  private readonly seen = new Map<string, Map<string, number>>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly maxValues = 1000,
  ) {}

  /** Records `value` under `key` at `now`; answers how many distinct values the key had in the window, this one included. */
  add(key: string, value: string, now: number): number {
    const values = this.seen.get(key) ?? new Map<string, number>();
    this.seen.delete(key);
    this.seen.set(key, values);
    if (this.seen.size > this.maxKeys) this.seen.delete(this.seen.keys().next().value!);
    values.delete(value);
    values.set(value, now);
    // The oldest first, until one is recent enough (times only grow: Date.now()).
    for (const [old, at] of values) {
      if (at > now - this.windowMs && values.size <= this.maxValues) break;
      values.delete(old);
    }
    return values.size;
  }
}
