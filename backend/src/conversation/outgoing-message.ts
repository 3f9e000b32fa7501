import { emailLayout } from '../mail/email-layout.js';
import { html } from '../mail/html.js';

/** The outbox channel of a teammate's messages to leads (ReplySender sends it, and keeps each message's state). */
export const LEAD_MESSAGE_CHANNEL = 'lead-message';

/** The subject of a first message when the teammate gives none. */
export const DEFAULT_SUBJECT = 'Your enquiry';

/** What a `lead-message` delivery carries: the message as it will be sent, rendered when queued. */
export interface LeadMessagePayload {
  /** The lead_messages row whose state the sender keeps. */
  messageRowId: string;
  leadId: string;
  to: string;
  fromName: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
}

/** `Re: <subject>` of the lead's last message (one `Re:`, however many it had). */
export function replySubject(subject: string): string {
  const bare = subject.replace(/^\s*((re|aw|sv|antw)\s*(\[\d+\])?\s*:\s*)+/i, '').trim();
  return bare === '' ? `Re: ${DEFAULT_SUBJECT}` : `Re: ${bare}`;
}

/**
 * The sender's name in From: `<displayName> (<MAIL_FROM's name>)`, or the display name alone
 * when MAIL_FROM has none. nodemailer quotes it (it cannot add a header).
 */
export function senderName(displayName: string, mailFromName: string | undefined): string {
  const clean = (name: string) => name.replace(/[\r\n]+/g, ' ').trim();
  return mailFromName ? `${clean(displayName)} (${clean(mailFromName)})` : clean(displayName);
}

/** `<local>+<token>@<domain>` of REPLY_ADDRESS. */
export function replyAddress(replyTo: string, token: string): string {
  const at = replyTo.lastIndexOf('@');
  return `${replyTo.slice(0, at)}+${token}${replyTo.slice(at)}`;
}

/** A Message-ID for a message sent from MAIL_FROM's domain: random, never derived from an id. */
export function newMessageId(randomPart: string, fromAddress: string): string {
  return `<${randomPart}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}>`;
}

/**
 * The e-mail of a teammate's message: the text as written, then the signature under the
 * usual `-- ` line; the HTML part the same text escaped (line breaks kept), no image, no link
 * but what the text holds as text.
 */
export function messageContent(subject: string, body: string, signature: string | null): { text: string; html: string } {
  const text = signature ? `${body}\n\n-- \n${signature}\n` : `${body}\n`;
  const part = html`<div style="white-space:pre-wrap;">${body}</div>
    ${signature ? html`<div style="white-space:pre-wrap;margin-top:16px;color:#52606d;">-- <br />${signature}</div>` : ''}`;
  return { text, html: emailLayout(subject, part) };
}
