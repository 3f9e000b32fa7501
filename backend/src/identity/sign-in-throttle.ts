import { setTimeout as sleep } from 'node:timers/promises';
import { clientNetwork } from '../rate-limit/client-network.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { verifyPassword } from './passwords.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';

/**
 * Sign-in throttling (see docs/decisions/006-sign-in-throttling.md). Every attempt is counted
 * before its password is checked, on three keys over FAILURE_WINDOW_MS:
 * (the client IP being its network: an IPv6 client's /64, see clientNetwork)
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

/**
 * The counters of one attempt. `subject` is the account tried (`account:<id>`), so that its
 * every name (username in any case, e-mail) shares them, or the name typed, lower-cased, when
 * there is no such account.
 */
export function throttleKeys(clientIp: string, subject: string) {
  const ip = clientNetwork(clientIp);
  return {
    // JSON keeps the two parts apart (an IPv6 address has colons too).
    pair: `login-pair:${JSON.stringify([ip, subject])}`,
    ip: `login-ip:${ip}`,
    user: `login-user:${subject}`,
  };
}

export type ThrottleKeys = ReturnType<typeof throttleKeys>;

/**
 * One password check against sign-in's counters of `subject`: counted first, each counter in
 * one atomic statement (parallel guesses each see their own count), 429 past the limits, then
 * the delay that the earlier failures earn. Every route that checks a password goes through
 * here (sign-in, and for a signed-in user: password and e-mail change, two-factor set-up,
 * turning it off, new recovery codes), so they share one budget per account: a stolen session
 * gets no guesses that sign-in from the same address would not give.
 */
export async function countPasswordAttempt(
  rateLimit: Pick<RateLimitService, 'hit'>,
  clientIp: string,
  subject: string,
  message = 'Too many failed sign-ins. Please try again later.',
): Promise<ThrottleKeys> {
  const keys = throttleKeys(clientIp, subject);
  const [pair, fromIp, forUser] = await Promise.all(
    [keys.pair, keys.ip, keys.user].map((key) => rateLimit.hit(key, FAILURE_WINDOW_MS)),
  );
  const locked = [pair.hits > MAX_PAIR_FAILURES && pair, fromIp.hits > MAX_IP_FAILURES && fromIp].find(Boolean);
  if (locked) throw new TooManyRequestsException(message, locked.retryAfter);
  // The attempts before this one that did not succeed slow this one down.
  await sleep(failureDelayMs(Math.max(pair.hits, forUser.hits) - 1));
  return keys;
}

/** The right password: clears its pair and its account, and gives its count back on the IP. */
export async function passwordAccepted(rateLimit: Pick<RateLimitService, 'reset' | 'refund'>, keys: ThrottleKeys): Promise<void> {
  await Promise.all([rateLimit.reset(keys.pair), rateLimit.reset(keys.user), rateLimit.refund(keys.ip)]);
}

/** The answer (403) of a signed-in user's routes to a wrong current password. */
export const WRONG_PASSWORD = 'Wrong password';

/**
 * A signed-in user's current password, checked on the account's sign-in budget (see
 * countPasswordAttempt). False for a wrong one: each route answers it in its own words.
 */
export async function currentPasswordMatches(
  rateLimit: Pick<RateLimitService, 'hit' | 'reset' | 'refund'>,
  clientIp: string,
  user: { id: string; password: string },
  password: string,
): Promise<boolean> {
  const keys = await countPasswordAttempt(
    rateLimit,
    clientIp,
    `account:${user.id}`,
    'Too many wrong passwords. Please try again later.',
  );
  if (!(await verifyPassword(user.password, password))) return false;
  await passwordAccepted(rateLimit, keys);
  return true;
}

/**
 * The sign-in limits for the other routes a stranger may hammer (password reset, its
 * confirmation, an invitation's acceptance): every attempt counts, on the client IP and on
 * the (IP, subject) pair; 429 with the seconds to wait past the same limits as sign-in.
 */
export async function throttleLikeSignIn(
  rateLimit: Pick<RateLimitService, 'hit'>,
  scope: string,
  clientIp: string,
  subject = '',
): Promise<void> {
  const ip = clientNetwork(clientIp);
  const [pair, fromIp] = await Promise.all([
    rateLimit.hit(`${scope}-pair:${JSON.stringify([ip, subject])}`, FAILURE_WINDOW_MS),
    rateLimit.hit(`${scope}-ip:${ip}`, FAILURE_WINDOW_MS),
  ]);
  const locked = [pair.hits > MAX_PAIR_FAILURES && pair, fromIp.hits > MAX_IP_FAILURES && fromIp].find(Boolean);
  if (locked) throw new TooManyRequestsException('Too many attempts. Please try again later.', locked.retryAfter);
}
