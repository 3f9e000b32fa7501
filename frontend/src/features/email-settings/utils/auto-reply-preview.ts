/** Where the body takes the lead's name (the API replaces it the same way). */
export const NAME_PLACEHOLDER = '{name}';

/** The name the preview shows in place of `{name}`. */
export const SAMPLE_NAME = 'Ada Lovelace';

// The API's limits (AutoReplySettingsDto): the form refuses what the API would.
export const AUTO_REPLY_LIMITS = { subject: 200, body: 5000, fromName: 100, replyTo: 254 } as const;

/** The body as a visitor named `name` reads it: every `{name}` replaced. */
export function autoReplyPreview(body: string, name = SAMPLE_NAME): string {
  return body.split(NAME_PLACEHOLDER).join(name);
}
