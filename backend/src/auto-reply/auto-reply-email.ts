import { emailLayout, type EmailContent } from '../mail/email-layout.js';
import { html, type SafeHtml } from '../mail/html.js';
import { BOOKING_URL_PLACEHOLDER, NAME_PLACEHOLDER } from './auto-reply-settings.entity.js';

export interface AutoReplyTexts {
  subject: string;
  body: string;
  /** The admin's Reply-To and sender name, when set. */
  replyTo?: string | null;
  fromName?: string | null;
}

// Both placeholders in one pass: a value put in is never read again as a placeholder.
const PLACEHOLDERS = new RegExp(`(${NAME_PLACEHOLDER}|${BOOKING_URL_PLACEHOLDER})`);

/**
 * The auto-reply to a visitor: the admin's subject and body, `{name}` replaced by the lead's
 * name (the one thing the visitor typed that goes in, escaped in the HTML part) and
 * `{bookingUrl}` by the visitor's booking link (a link in the HTML part; empty without one);
 * the body's lines kept as written; Reply-To and the sender's name as the admin set them.
 */
export function autoReplyEmail(
  { subject, body, replyTo, fromName }: AutoReplyTexts,
  name: string,
  bookingUrl: string | null = null,
): EmailContent {
  const parts = body.split(PLACEHOLDERS);
  const text = parts
    .map((part) => (part === NAME_PLACEHOLDER ? name : part === BOOKING_URL_PLACEHOLDER ? (bookingUrl ?? '') : part))
    .join('');
  const markup = parts.map((part): string | SafeHtml => {
    if (part === NAME_PLACEHOLDER) return name;
    if (part === BOOKING_URL_PLACEHOLDER) return bookingUrl ? html`<a href="${bookingUrl}">${bookingUrl}</a>` : '';
    return part;
  });
  const content = html`<div style="white-space:pre-wrap;line-height:1.5;">${markup}</div>`;
  return {
    subject,
    text: text.endsWith('\n') ? text : `${text}\n`,
    html: emailLayout(subject, content),
    ...(replyTo ? { replyTo } : {}),
    ...(fromName ? { fromName } : {}),
  };
}
