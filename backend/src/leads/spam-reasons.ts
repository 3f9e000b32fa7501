/**
 * The spam signals, each a reason code with its weight (points of the 0–100 score). A
 * submission at or above SPAM_THRESHOLD is held. The weak signals (WEAK_REASONS) add up to
 * less than any threshold the environment accepts, so they never hold a lead alone or
 * together: many people submit through one office network, and API clients send no token.
 * Why these weights: docs/decisions/ (spam threshold and weights).
 */
export const SPAM_WEIGHTS = {
  'link-in-name': 50,
  links: 30,
  'disposable-email': 35,
  // Per phrase of the vocabulary found (spam-words.ts), at most SPAM_WORDS_MAX.
  'spam-words': 25,
  gibberish: 35,
  'duplicate-text': 50,
  'captcha-failed': 50,
  'too-fast': 15,
  'missing-token': 10,
  'network-volume': 15,
} as const;

export type SpamReason = keyof typeof SPAM_WEIGHTS;
export const SPAM_REASONS = Object.keys(SPAM_WEIGHTS) as SpamReason[];

/** Signals that never hold a lead by themselves: their sum stays below the lowest threshold allowed. */
export const WEAK_REASONS: readonly SpamReason[] = ['too-fast', 'missing-token', 'network-volume'];
export const WEAK_MAXIMUM = WEAK_REASONS.reduce((sum, reason) => sum + SPAM_WEIGHTS[reason], 0);

export const SPAM_WORDS_MAX = 75;

/** The score of the signals that fired (`spamWords`: the phrases found): their weights' sum, at most 100. */
export function spamScore(reasons: readonly SpamReason[], spamWords = 1): number {
  const points = (reason: SpamReason) =>
    reason === 'spam-words' ? Math.min(SPAM_WORDS_MAX, SPAM_WEIGHTS[reason] * spamWords) : SPAM_WEIGHTS[reason];
  return Math.min(
    100,
    reasons.reduce((sum, reason) => sum + points(reason), 0),
  );
}
