import { emailLayout, type EmailContent } from '../mail/email-layout.js';
import { html } from '../mail/html.js';
import { NAME_PLACEHOLDER } from './auto-reply-settings.entity.js';

export interface AutoReplyTexts {
  subject: string;
  body: string;
  /** The admin's Reply-To and sender name, when set. */
  replyTo?: string | null;
  fromName?: string | null;
}

/**
 * The auto-reply to a visitor: the admin's subject and body, `{name}` replaced by the lead's
 * name (the one thing the visitor typed that goes in, escaped in the HTML part); the body's
 * lines kept as written; Reply-To and the sender's name as the admin set them.
 */
export function autoReplyEmail({ subject, body, replyTo, fromName }: AutoReplyTexts, name: string): EmailContent {
  const parts = body.split(NAME_PLACEHOLDER);
  const text = parts.join(name);
  const withName = parts.flatMap((part, index) => (index === 0 ? [part] : [name, part]));
  const content = html`<div style="white-space:pre-wrap;line-height:1.5;">${withName}</div>`;
  return {
    subject,
    text: text.endsWith('\n') ? text : `${text}\n`,
    html: emailLayout(subject, content),
    ...(replyTo ? { replyTo } : {}),
    ...(fromName ? { fromName } : {}),
  };
}
