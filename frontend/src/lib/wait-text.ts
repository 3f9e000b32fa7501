import type { ApiError } from './api-client';
/**
 * How long to wait, in words, from a `Retry-After` in seconds: "30 seconds", "1 minute",
 * "15 minutes" (rounded up, so the user never tries too early); "a moment" when unknown.
 */
export function waitText(seconds: number | null): string {
  if (seconds === null) return 'a moment';
  if (seconds < 60) {
    const whole = Math.max(1, Math.ceil(seconds));
    return whole === 1 ? '1 second' : `${whole} seconds`;
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** A 429's message, with the wait the API's `Retry-After` gives. */
export function throttledMessage(what: string, error: ApiError): string {
  return `Too many ${what}. Please wait ${waitText(error.retryAfter)} and try again.`;
}
