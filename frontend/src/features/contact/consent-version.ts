/**
 * The version of the consent notice (consent-notice.ts) that the form sends with each
 * submission: the first 12 hex digits of the SHA-256 of its exact text, written in by
 * vite.config.ts when the app is built.
 */
export const CONSENT_VERSION: string = __CONSENT_VERSION__;
