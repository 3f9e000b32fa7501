/**
 * When a failed spreadsheet delivery is tried again: exponential backoff with jitter.
 *
 * The n-th retry waits `base × 2^(n-1)`, capped at `base × 600`, each wait shifted by up to
 * ±25% at random so that the deliveries of one outage do not come back in lockstep. With the
 * production base of 30 s and 14 attempts the waits run 30 s, 1 min, 2 min, … 5 h, 5 h, 5 h:
 * about a day (23.5 h at the nominal values) between the first and the last attempt.
 */
export const MAX_DELAY_FACTOR = 600;

/** Milliseconds to wait after the `attempt`-th attempt (1-based) failed with a retryable error. */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const nominal = baseMs * Math.min(2 ** Math.max(attempt - 1, 0), MAX_DELAY_FACTOR);
  return Math.round(nominal * (0.75 + 0.5 * random()));
}

/** Answers worth another try: timeouts, rate limits and server errors. Other 4xx cannot get better. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
