/**
 * Sign-in throttling (see docs/decisions/006-sign-in-throttling.md). Every attempt is counted
 * before its password is checked, on three keys over FAILURE_WINDOW_MS:
 * - the (client IP, username) pair: answered 429 past MAX_PAIR_FAILURES;
 * - the client IP alone (one address trying many usernames): 429 past MAX_IP_FAILURES;
 * - the username alone (any IP): only ever slowed down, so that strangers cannot lock the
 *   admin out.
 * A successful sign-in clears its pair and its username, and gives back its count on the IP.
 */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_PAIR_FAILURES = 5;
export const MAX_IP_FAILURES = 20;

/** Before a check: 250 ms after the first failure, doubling, at most 2 s. */
export function failureDelayMs(failures: number): number {
  return failures <= 0 ? 0 : Math.min(250 * 2 ** (failures - 1), 2000);
}

/** The counters of one attempt. Usernames are keyed as typed, as the account lookup matches them. */
export function throttleKeys(ip: string, username: string) {
  return {
    // JSON keeps the two parts apart (an IPv6 address has colons too).
    pair: `login-pair:${JSON.stringify([ip, username])}`,
    ip: `login-ip:${ip}`,
    user: `login-user:${username}`,
  };
}
