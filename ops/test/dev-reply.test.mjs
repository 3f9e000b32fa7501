import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { describe, test } from 'node:test';
import { cvPdf, replyTo, sendDevReply } from '../../scripts/dev-reply.mjs';

// maildev's JSON of two e-mails: the product's notice (Auto-Submitted) and, older, a teammate's message.
const TEAMMATE = {
  id: 'a',
  subject: 'Your enquiry',
  date: '2026-01-02T10:00:00.000Z',
  from: [{ address: 'leads@example.com', name: 'admin (Lead inbox)' }],
  to: [{ address: 'grace.hopper@example.org', name: '' }],
  headers: { 'message-id': '<m1@example.com>', 'reply-to': 'replies+abc@example.com' },
  text: 'Hello Grace,\nwhen can we talk?',
};
const NOTICE = {
  ...TEAMMATE,
  id: 'b',
  date: '2026-01-02T11:00:00.000Z',
  headers: { 'message-id': '<n@x>', 'auto-submitted': 'auto-generated' },
};

describe('scripts/dev-reply.mjs (npm run dev:reply)', () => {
  test("writes the lead's reply: threaded, Re:, quoted history, a PDF CV", async () => {
    const raw = (await replyTo(TEAMMATE)).toString();
    assert.match(raw, /^From: Grace Hopper <grace\.hopper@example\.org>/m);
    assert.match(raw, /^To: replies\+abc@example\.com/m);
    assert.match(raw, /^Subject: Re: Your enquiry/m);
    assert.match(raw, /^In-Reply-To: <m1@example\.com>/m);
    assert.match(raw, /^References: <m1@example\.com>/m);
    assert.match(raw, /^> when can we talk\?/m);
    assert.match(raw, /Content-Type: application\/pdf; name=Grace-Hopper-CV\.pdf/);
    const pdf = cvPdf('Grace').toString('latin1');
    assert.ok(pdf.startsWith('%PDF-1.4') && pdf.endsWith('%%EOF\n'));
  });

  test("answers the newest teammate's message (not the product's own e-mail) and posts it raw with the secret", async () => {
    const posted = [];
    const server = createServer((req, res) => {
      if (req.url === '/api/email') return res.end(JSON.stringify([TEAMMATE, NOTICE]));
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        posted.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(202, { 'content-type': 'application/json' }).end('{"stored":1,"leadId":"l1"}');
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${server.address().port}`;
    try {
      const result = await sendDevReply({ apiUrl: url, mailInbox: url, secret: 's3cret' });
      assert.deepEqual(result, { stored: 1, leadId: 'l1', to: 'grace.hopper@example.org', subject: 'Your enquiry' });
      assert.equal(posted.length, 1);
      assert.equal(posted[0].url, '/api/inbound/email');
      assert.equal(posted[0].headers.authorization, 'Bearer s3cret');
      assert.equal(posted[0].headers['content-type'], 'message/rfc822');
      assert.match(posted[0].body, /^In-Reply-To: <m1@example\.com>/m);
    } finally {
      server.close();
    }
  });
});
