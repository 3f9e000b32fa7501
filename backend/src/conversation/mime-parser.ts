import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { pipeline, Transform, type Writable } from 'node:stream';
import { Joiner, Splitter, type SplitterChunk } from '@zone-eu/mailsplit';
import type { AddressObject, AttachmentStream, HeaderLines, MailParser, MessageText } from 'mailparser';

/**
 * A message as it arrives (the inbound endpoint's body, an IMAP download), with the size its
 * sender declared when there is one (the request's Content-Length, the server's RFC822.SIZE).
 */
export interface MessageSource {
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>;
  declaredBytes: number | undefined;
}

/**
 * How much of a text part's raw content is read: more than the 100,000 characters the
 * conversation keeps of it in any encoding (a 4-byte character written as quoted-printable
 * takes 12 bytes). mailparser holds a text part whole, so a 25 MB text would be held whole,
 * decoded and converted, several times its size.
 */
export const TEXT_PART_MAX_BYTES = 2 * 1024 * 1024;

/** An attachment as parsed, with its content when it is within the limit. */
export interface ParsedAttachment {
  filename: string | undefined;
  contentType: string;
  size: number;
  content: Buffer | null;
}

/** What the conversation reads of a message: its top-level headers, its text and its attachments. */
export interface ParsedMessage {
  headerLines: HeaderLines;
  from?: AddressObject;
  to?: AddressObject | AddressObject[];
  subject?: string;
  date?: Date;
  messageId?: string;
  inReplyTo?: string;
  references?: string | string[];
  text?: string;
  html?: string;
  attachments: ParsedAttachment[];
  /** The SHA-256 of the raw bytes (hex): the Message-ID of a message without one. */
  sha256: string;
}

/** A message starts with a header field (`Name: value`), as RFC 5322 writes it. */
const FIRST_HEADER = /^[\x21-\x39\x3b-\x7e]+:/;
/** How much of the start is read for the first line. */
const FIRST_LINE_MAX = 1000;

/** Whether the bytes look like an e-mail: a header block first (its first line a field). */
export function looksLikeMessage(start: Buffer): boolean {
  const firstLine = start.subarray(0, FIRST_LINE_MAX).toString('latin1').split(/\r?\n/, 1)[0];
  return FIRST_HEADER.test(firstLine);
}

const PARSER_OPTIONS = {
  // Only the text is kept: no HTML made of it, no links, no images inlined, no checksums.
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  checksumAlgo: false,
} as const;

let mailParser: Promise<typeof import('mailparser')> | undefined;

/**
 * mailparser, with the charset tables and MIME decoders it brings (libmime, iconv-lite,
 * encoding-japanese…; about 0.3 CPU-s), loaded apart from the app's modules: the running API
 * loads it once it listens (main.ts), so that neither its start nor its first message waits
 * for it, and a test's app that parses no message never loads it (each test file did).
 */
export function loadMailParser(): Promise<typeof import('mailparser')> {
  mailParser ??= import('mailparser');
  return mailParser;
}

/**
 * Parses a message as its bytes come (mailparser's streaming `MailParser`): an attachment's
 * content is kept while it is within `maxAttachmentBytes` and dropped, chunk by chunk, once it
 * is over, so that a large file is never held whole. The source is always read to its end (the
 * endpoint's size limit is known only there) and its errors are thrown; null when the bytes are
 * no message (not a header field first, or MIME the parser gives up on).
 */
export async function parseMessage(source: MessageSource, maxAttachmentBytes: number): Promise<ParsedMessage | null> {
  const { MailParser } = await loadMailParser();
  const parser = new MailParser(PARSER_OPTIONS);
  const parts = collectParts(parser, maxAttachmentBytes);
  // Read (or failed) after the source's end: a failure before that is not unhandled.
  parts.catch(() => undefined);
  const input = mayHoldLongText(source) ? cuttingText(parser) : parser;
  const stop = () => [input, parser].forEach((stream) => stream.destroy());
  let fed: { looksLikeMessage: boolean; sha256: string };
  try {
    fed = await feed(source.chunks, input);
  } catch (error) {
    stop();
    throw error;
  }
  if (!fed.looksLikeMessage) {
    stop();
    return null;
  }
  const collected = await parts.catch(() => null);
  if (!collected) return null;
  return {
    headerLines: parser.headerLines || [],
    from: parser.from,
    to: parser.to,
    subject: parser.subject,
    date: parser.date,
    messageId: parser.messageId,
    inReplyTo: parser.inReplyTo,
    references: parser.references,
    text: collected.text?.text,
    html: collected.text?.html,
    attachments: collected.attachments,
    sha256: fed.sha256,
  };
}

/**
 * Whether a text part may run past TEXT_PART_MAX_BYTES: a message larger than that, or of a
 * size not known before its end. A smaller one (every ordinary reply) goes straight to the
 * parser: the cut costs a second split of the message, about 0.35 ms of a 3 KB reply's 0.5.
 */
function mayHoldLongText({ declaredBytes }: MessageSource): boolean {
  return declaredBytes === undefined || declaredBytes > TEXT_PART_MAX_BYTES;
}

/**
 * A writable that splits the message into its MIME parts (mailsplit, mailparser's own
 * splitter), cuts each text part's content past TEXT_PART_MAX_BYTES, and writes the message so
 * cut into `parser`. An attachment goes through whole: the parser streams it.
 */
function cuttingText(parser: MailParser): Writable {
  const splitter = new Splitter();
  let inText = false;
  let read = 0;
  const cutter = new Transform({
    objectMode: true,
    transform(chunk: SplitterChunk, _encoding, done) {
      if (chunk.type === 'node') {
        inText = isInlineText(chunk.contentType, chunk.disposition);
        read = 0;
        return done(null, chunk);
      }
      if (chunk.type !== 'body' || !inText) return done(null, chunk);
      const room = Math.max(0, TEXT_PART_MAX_BYTES - read);
      read += chunk.value.length;
      // Buffers go through the joiner as they are.
      done(null, room >= chunk.value.length ? chunk : chunk.value.subarray(0, room));
    },
  });
  // An error anywhere destroys every stream, the parser too (whose error the caller hears).
  pipeline(splitter, cutter, new Joiner(), parser, () => undefined);
  // A Transform, though mailsplit's typings narrow its events to the chunks it emits.
  return splitter as unknown as Writable;
}

function isInlineText(contentType: string | false, disposition: string | false): boolean {
  return contentType !== false && contentType.startsWith('text/') && disposition !== 'attachment';
}

/**
 * Writes the source into the parser (or what cuts its text first), waiting whenever it is
 * behind, and hashes every byte. Once the start shows no header field, or the parser has
 * failed, the rest is read and not parsed.
 */
async function feed(
  source: Iterable<Buffer> | AsyncIterable<Buffer>,
  parser: Writable,
): Promise<{ looksLikeMessage: boolean; sha256: string }> {
  const hash = createHash('sha256');
  let failed = false;
  // `on`, not `once`: a parser may report more than one error, and an unheard one would throw.
  parser.on('error', () => (failed = true));
  let start: Buffer | undefined = Buffer.alloc(0);
  let message = true;
  for await (const chunk of source) {
    hash.update(chunk);
    if (!message || failed) continue;
    let bytes = chunk;
    if (start) {
      // Held until the first line is whole (or long enough to tell).
      start = Buffer.concat([start, chunk]);
      if (!start.includes(0x0a) && start.length < FIRST_LINE_MAX) continue;
      message = looksLikeMessage(start);
      bytes = start;
      start = undefined;
      if (!message) continue;
    }
    if (!parser.write(bytes)) await once(parser, 'drain').catch(() => (failed = true));
  }
  if (start) message = looksLikeMessage(start);
  if (start && message) parser.write(start);
  if (message && !failed) parser.end();
  return { looksLikeMessage: message, sha256: hash.digest('hex') };
}

/** The parser's output: its text, and each attachment read as it streams (the parser waits for each). */
function collectParts(
  parser: MailParser,
  maxAttachmentBytes: number,
): Promise<{ text: MessageText | undefined; attachments: ParsedAttachment[] }> {
  return new Promise((resolve, reject) => {
    let text: MessageText | undefined;
    const attachments: ParsedAttachment[] = [];
    parser.on('data', (part: AttachmentStream | MessageText) => {
      if (part.type === 'text') text = part;
      else attachments.push(readAttachment(part, maxAttachmentBytes));
    });
    parser.once('end', () => resolve({ text, attachments }));
    parser.on('error', reject);
  });
}

/** The attachment as listed; its content filled in at its end unless it grew past the limit. */
function readAttachment(part: AttachmentStream, maxBytes: number): ParsedAttachment {
  const attachment: ParsedAttachment = {
    filename: part.filename,
    contentType: part.contentType,
    size: 0,
    content: null,
  };
  let chunks: Buffer[] | undefined = [];
  part.content.on('data', (chunk: Buffer) => {
    attachment.size += chunk.length;
    if (attachment.size <= maxBytes) chunks?.push(chunk);
    else chunks = undefined;
  });
  part.content.once('end', () => {
    if (chunks) attachment.content = Buffer.concat(chunks);
    part.release?.();
  });
  return attachment;
}
