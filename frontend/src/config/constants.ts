// Timings and layout of the interface. The contact form's rules come from the API
// (generated/contact-rules.json).

/** How long the 'Thank You!' panel replaces the form after a successful submission. */
export const THANK_YOU_DURATION_MS = 3000;

export const COMMENTS_ROWS = 4;
export const ADMIN_STAT_COLUMNS = 4;

/** At most one toast on screen; a new one replaces it. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A swipe to the right past this many pixels dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
