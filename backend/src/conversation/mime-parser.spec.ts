import { describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type MessageSource, parseMessage, TEXT_PART_MAX_BYTES } from './mime-parser.js';

const KB = 1024;

/**
 * A reply with one base64 attachment of `file` after its text part, lines of 76 characters as
 * mail clients write them; a long `text` is written quoted-printable, as a long line comes.
 */
function replyWith(file: Buffer, text = 'Here it is.'): Buffer {
  const quotedPrintable = text.length > 76;
  const lines = [
    'From: Ada <ada@example.org>',
    'To: replies@team.example.com',
    'Subject: My CV',
    'Message-ID: <cv-1@mail.example>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    ...(quotedPrintable ? ['Content-Transfer-Encoding: quoted-printable', ''] : ['']),
    ...(quotedPrintable ? (text.match(/.{1,75}/g) ?? []).map((line) => `${line}=`) : [text]),
    '--b1',
    'Content-Type: application/pdf; name="cv.pdf"',
    'Content-Disposition: attachment; filename="cv.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    ...(file.toString('base64').match(/.{1,76}/g) ?? []),
    '--b1--',
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}

/** `bytes` as a body arrives: in chunks of `size`, one a turn, counting how many were read; of no declared size. */
function chunked(bytes: Buffer, size: number, read = { chunks: 0 }): MessageSource {
  const chunks = (async function* () {
    for (let start = 0; start < bytes.length; start += size) {
      await nextTurn();
      read.chunks += 1;
      yield bytes.subarray(start, start + size);
    }
  })();
  return { chunks, declaredBytes: undefined };
}

/** `bytes` in one chunk, of its own size. */
const whole = (bytes: Buffer): MessageSource => ({ chunks: [bytes], declaredBytes: bytes.length });

describe('parseMessage (a message parsed as it streams)', () => {
  it('reads a message in chunks as it reads it whole: headers, text, attachments', async () => {
    const file = randomBytes(20 * KB);
    const raw = replyWith(file);
    const inOne = await parseMessage(whole(raw), 100 * KB);
    // Chunks that split the first line, the boundaries and the base64 lines.
    const streamed = await parseMessage(chunked(raw, 7), 100 * KB);
    for (const parsed of [inOne, streamed]) {
      expect(parsed).toMatchObject({
        subject: 'My CV',
        messageId: '<cv-1@mail.example>',
        from: { value: [{ address: 'ada@example.org', name: 'Ada' }] },
        text: 'Here it is.',
        attachments: [{ filename: 'cv.pdf', contentType: 'application/pdf', size: file.length }],
        sha256: createHash('sha256').update(raw).digest('hex'),
      });
      expect(parsed?.attachments[0].content?.equals(file)).toBe(true);
    }
  });

  it('keeps an attachment of the limit, lists a larger one with its size and no content', async () => {
    const file = randomBytes(64 * KB);
    const atLimit = await parseMessage(chunked(replyWith(file), 16 * KB), file.length);
    expect(atLimit?.attachments[0].content?.equals(file)).toBe(true);
    const over = await parseMessage(chunked(replyWith(file), 16 * KB), file.length - 1);
    expect(over?.attachments).toEqual([{ filename: 'cv.pdf', contentType: 'application/pdf', size: file.length, content: null }]);
  });

  it('reads a text part up to TEXT_PART_MAX_BYTES, in one chunk, streamed of no declared size or of its size, and what follows it all', async () => {
    const text = 'Here is everything. '.repeat(200_000); // 4 MB
    const file = randomBytes(32 * KB);
    const raw = replyWith(file, text);
    const sources = [whole(raw), chunked(raw, 64 * KB), { ...chunked(raw, 64 * KB), declaredBytes: raw.length }];
    for (const source of sources) {
      const parsed = await parseMessage(source, 100 * KB);
      // The first 2 MB of its quoted-printable lines: far more than the 100,000 characters kept.
      expect(parsed?.text?.length).toBeGreaterThan(TEXT_PART_MAX_BYTES * 0.9);
      expect(parsed?.text?.length).toBeLessThanOrEqual(TEXT_PART_MAX_BYTES);
      expect(text.startsWith(parsed?.text ?? '-')).toBe(true);
      expect(parsed?.attachments[0].content?.equals(file)).toBe(true);
      expect(parsed?.sha256).toBe(createHash('sha256').update(raw).digest('hex'));
    }
  });

  it('reads the whole source of what is no message, and answers null', async () => {
    const read = { chunks: 0 };
    const noMail = Buffer.concat([Buffer.from('\u0000\u0001 this is no e-mail at all\r\n'), Buffer.alloc(64 * KB, 'x')]);
    expect(await parseMessage(chunked(noMail, 4 * KB, read), KB)).toBeNull();
    expect(read.chunks).toBe(17);
    expect(await parseMessage(whole(Buffer.alloc(0)), KB)).toBeNull();
  });

  it('answers null for MIME the parser gives up on (a header block over 1 MB), the source read to its end', async () => {
    const read = { chunks: 0 };
    const raw = Buffer.from(`From: ada@example.org\r\nX-Long: ${'a'.repeat(2 * 1024 * KB)}\r\n\r\nHi\r\n`);
    expect(await parseMessage(chunked(raw, 64 * KB, read), KB)).toBeNull();
    expect(read.chunks).toBe(Math.ceil(raw.length / (64 * KB)));
  });

  it("throws the source's own error (the endpoint's 413), not null", async () => {
    const tooLarge = new Error('too large');
    const chunks = (async function* () {
      yield replyWith(randomBytes(KB)).subarray(0, 200);
      await nextTurn();
      throw tooLarge;
    })();
    await expect(parseMessage({ chunks, declaredBytes: undefined }, KB)).rejects.toBe(tooLarge);
  });
});
