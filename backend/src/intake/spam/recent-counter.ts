/**
 * What this process saw within the last `windowMs`, per key: the distinct values (e-mail
 * addresses of one text) or plain hits (submissions of one network). Kept in memory: the
 * score is computed before the submission's batch and waits for nothing outside the process
 * (each replica counts what it receives). Bounded: at most `maxKeys` keys, the oldest dropped.
 */
export class RecentCounter {
  private readonly seen = new Map<string, Array<{ at: number; value: string }>>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Records `value` under `key` at `now`; answers how many distinct values the key had in the window, this one included. */
  add(key: string, value: string, now: number): number {
    const recent = (this.seen.get(key) ?? []).filter((entry) => entry.at > now - this.windowMs);
    recent.push({ at: now, value });
    // Re-inserted last: the Map's order is the keys' recency, so the first key is the one to drop.
    this.seen.delete(key);
    this.seen.set(key, recent.slice(-1000));
    if (this.seen.size > this.maxKeys) this.seen.delete(this.seen.keys().next().value!);
    return new Set(recent.map((entry) => entry.value)).size;
  }
}
