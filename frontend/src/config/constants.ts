// Business constants of spec §9 (and §5), in one place.

/** How long the 'Thank You!' panel replaces the form after a successful submission. */
export const THANK_YOU_DURATION_MS = 3000;

export const NAME_MIN_LENGTH = 2;
export const COMMENTS_ROWS = 4;
export const ADMIN_STAT_COLUMNS = 4;

// Field length limits of the API contract (enforced by the inputs' maxLength).
export const MAX_LENGTH = {
  name: 200,
  email: 254,
  company: 200,
  linkedin: 2048,
  comments: 5000,
} as const;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/**
 * Spec §9's removal delay after dismissal. notistack unmounts a dismissed toast as soon as
 * its exit transition ends, so nothing waits on this value: a dismissed toast is gone from
 * the screen at once either way (see README, Frontend).
 */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
