import { convert } from 'html-to-text';
import type { AddressObject } from 'mailparser';
import { type MessageSource, parseMessage, type ParsedMessage } from './mime-parser.js';
import { splitQuoted } from './quoted-text.js';

/** The largest raw message `POST /api/inbound/email` takes. */
export const INBOUND_MAX_BYTES = 25 * 1024 * 1024;

/** The longest text kept of one message (characters): a reply, not a book. */
const MAX_TEXT_LENGTH = 100_000;

/** The most of an HTML part read for its text (characters). */
const MAX_HTML_LENGTH = 2_000_000;

/** An attachment of an incoming message as stored, with its content when it is within the limit. */
export interface InboundAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer | null;
}

/** An incoming message as the conversation stores it (docs/conversation.md, "What is stored"). */
export interface InboundMessage {
  /** The Message-ID (angle brackets included); one made from the message's hash when it has none. */
  messageId: string;
  inReplyTo: string | null;
  /** Message-IDs it names as its thread: In-Reply-To and References, newest first. */
  threadIds: string[];
  references: string | null;
  from: string;
  fromAddress: string;
  to: string;
  /** Every address of To, Cc, Delivered-To and X-Original-To (where the reply token may be). */
  recipients: string[];
  subject: string;
  sentAt: Date | null;
  text: string;
  quotedText: string | null;
  automatic: boolean;
  attachments: InboundAttachment[];
}

const MESSAGE_ID = /<[^<>\s]+>/g;
const ADDRESS = /[^\s<>(),;:"']+@[^\s<>(),;:"']+/g;

/** The value of the first header line named `name` (lower case), unfolded, or undefined. */
function header(mail: ParsedMessage, name: string): string | undefined {
  return headers(mail, name)[0];
}

function headers(mail: ParsedMessage, name: string): string[] {
  return mail.headerLines
    .filter((line) => line.key === name)
    .map((line) =>
      line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
}

/**
 * Automatic mail (RFC 3834 and the usual signs): `Auto-Submitted` other than `no`,
 * `Precedence: bulk | junk | list`, an empty return path (`<>`, bounces), a delivery report
 * (`multipart/report`, `message/delivery-status`).
 */
export function isAutomatic(mail: ParsedMessage): boolean {
  const autoSubmitted = header(mail, 'auto-submitted')?.split(';')[0].trim().toLowerCase();
  if (autoSubmitted !== undefined && autoSubmitted !== 'no') return true;
  const precedence = header(mail, 'precedence')?.trim().toLowerCase();
  if (precedence && ['bulk', 'junk', 'list'].includes(precedence)) return true;
  if (headers(mail, 'return-path').some((path) => /^<\s*>$/.test(path))) return true;
  const type = header(mail, 'content-type')?.split(';')[0].trim().toLowerCase();
  if (type === 'multipart/report' || type === 'message/delivery-status') return true;
  return mail.attachments.some((attachment) => attachment.contentType.toLowerCase() === 'message/delivery-status');
}

/** The text of an HTML part: no script, no style, no image, no link's address (only its words). */
export function textOfHtml(html: string): string {
  return convert(html, {
    wordwrap: false,
    // A reply's text is near the top: the rest of a huge part is not worth the CPU.
    limits: { maxInputLength: MAX_HTML_LENGTH },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'head', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  });
}

/** A filename as stored: one line, no path, no control characters, at most 255 characters. */
export function safeFilename(name: string | undefined): string {
  const base =
    (name ?? '')
      .replace(/\p{Cc}/gu, '')
      .split(/[/\\]/)
      .pop()
      ?.trim() ?? '';
  return base.slice(0, 255) || 'attachment';
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((address) => address.text).join(', ');
}

/**
 * Parses a raw message as it streams (mime-parser.ts; HTML never kept: its text is, when there
 * is no text part) into what is stored; attachments over `maxAttachmentBytes` are listed
 * without their content. Null (the caller answers 400) when it is no message with a sender;
 * the source's own errors (the endpoint's 413) are thrown.
 */
export async function parseInbound(source: MessageSource, maxAttachmentBytes: number): Promise<InboundMessage | null> {
  const mail = await parseMessage(source, maxAttachmentBytes);
  try {
    return mail && inboundMessage(mail);
  } catch {
    // Content that defeats a reader (HTML nested past the converter's depth…) is no message either.
    return null;
  }
}

/** What is stored of a parsed message; null without a sender's address. */
function inboundMessage(mail: ParsedMessage): InboundMessage | null {
  const sender = mail.from?.value.find((address) => address.address);
  if (!sender?.address) return null;
  const plain = mail.text?.trim() ? mail.text : mail.html ? textOfHtml(mail.html) : '';
  const { text, quoted } = splitQuoted(plain.slice(0, MAX_TEXT_LENGTH));
  const inReplyTo = mail.inReplyTo?.match(MESSAGE_ID)?.[0] ?? null;
  const references =
    (Array.isArray(mail.references) ? mail.references.join(' ') : (mail.references ?? '')).match(MESSAGE_ID) ?? [];
  const recipientLines = ['to', 'cc', 'delivered-to', 'x-original-to'].flatMap((name) => headers(mail, name));
  const messageId = mail.messageId?.match(MESSAGE_ID)?.[0] ?? `<${mail.sha256}@inbound.invalid>`;
  return {
    messageId,
    inReplyTo,
    threadIds: [...new Set([...(inReplyTo ? [inReplyTo] : []), ...[...references].reverse()])],
    references: references.length ? references.join(' ') : null,
    from: mail.from?.text ?? sender.address,
    fromAddress: sender.address,
    to: addressText(mail.to),
    recipients: recipientLines.flatMap((line) => line.match(ADDRESS) ?? []).map((address) => address.toLowerCase()),
    subject: mail.subject ?? '',
    sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    text,
    quotedText: quoted,
    automatic: isAutomatic(mail),
    attachments: mail.attachments.map((attachment) => ({
      ...attachment,
      filename: safeFilename(attachment.filename),
      contentType: attachment.contentType || 'application/octet-stream',
    })),
  };
}

/** The reply tokens in the recipients' addresses: the `+<token>` of a local part (40 hex digits, as made). */
export function replyTokensOf(recipients: string[]): string[] {
  return recipients.flatMap((address) => /^[^@+]+\+([0-9a-f]{40})@/.exec(address)?.[1] ?? []);
}
