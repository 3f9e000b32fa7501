/** Where the body takes the lead's name (the API replaces it the same way). */
export const NAME_PLACEHOLDER = '{name}';

/** The name the preview shows in place of `{name}`. */
export const SAMPLE_NAME = 'Ada Lovelace';

// The API's limits (AutoReplySettingsDto): the form refuses what the API would.
export const AUTO_REPLY_LIMITS = { subject: 200, body: 5000, fromName: 100, replyTo: 254 } as const;

/** Where the body takes the visitor's booking link (docs/booking.md). */
export const BOOKING_URL_PLACEHOLDER = '{bookingUrl}';

/** The link the preview shows in place of `{bookingUrl}`. */
export const SAMPLE_BOOKING_URL = 'https://cal.com/your-team/intro?name=Ada%20Lovelace&email=…';

/** The body as a visitor named `name` reads it: every `{name}` and `{bookingUrl}` replaced (in one pass, as the API does). */
export function autoReplyPreview(body: string, name = SAMPLE_NAME): string {
  return body
    .split(BOOKING_URL_PLACEHOLDER)
    .map((part) => part.split(NAME_PLACEHOLDER).join(name))
    .join(SAMPLE_BOOKING_URL);
}
