import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { FormTokens } from '../src/intake/spam/form-tokens.service.js';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { FakeSheetsEndpoint } from './support/sheets-endpoint.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

/** A captcha provider's verify endpoint (Turnstile's and hCaptcha's shape) that counts the calls it gets. */
async function startVerifier(): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      calls += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'good-answer' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`, calls: () => calls };
}

// Comments long enough to count as a text (duplicate-text reads 20+ characters).
const TEXT = 'We would like, please, to talk about hiring a team of ten engineers this spring.';

/**
 * Attacks on the form's signals (CONTRACT "Trust at the edge" → "Second round"), through
 * real HTTP; each client is its own public address by X-Forwarded-For (the app trusts one proxy).
 */
describe('the form gate', () => {
  let verifier: Awaited<ReturnType<typeof startVerifier>>;
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    verifier = await startVerifier();
    sut = await createTestApp({
      env: {
        SPAM_FILTER: 'on',
        CONTACT_RATE_LIMIT: '1',
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'the-secret',
        CAPTCHA_VERIFY_URL: verifier.url,
      },
    });
    admin = await signedInAgent(sut);
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await new Promise((resolve) => verifier?.server.close(resolve));
  });
  beforeEach(async () => {
    await emptySubmissions(sut.dataSource);
    await sut.dataSource.query('DELETE FROM rate_limits');
  });

  // The scorer remembers an hour of texts (duplicate-text): each post that is not the attack writes its own.
  let written = 0;
  const own = (overrides: Record<string, unknown>) =>
    contactBody({ comments: `Our own words, number ${(written += 1)}.`, ...overrides });
  const formToken = () => sut.app.get(FormTokens).issue(Date.now() - 10_000).token;
  const post = (from: string, body: Record<string, unknown>) =>
    request(sut.server).post('/api/contact').set('X-Forwarded-For', from).send(body);
  const detail = async (id: string) => (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;

  it('scores nothing and asks no captcha provider for a post the rate limit refuses', async () => {
    // Two strangers each spend their one post of the minute, then post the text a real visitor will send.
    for (const [index, from] of ['203.0.113.10', '203.0.113.20'].entries()) {
      await post(from, own({ email: `first${index}@example.org`, formToken: formToken(), captchaToken: 'good-answer' })).expect(
        201,
      );
    }
    const callsBefore = verifier.calls();
    for (const [index, from] of ['203.0.113.10', '203.0.113.20'].entries()) {
      for (let again = 0; again < 5; again += 1)
        await post(from, contactBody({ email: `bot${index}.${again}@example.org`, comments: TEXT, captchaToken: 'x' })).expect(
          429,
        );
    }
    expect(verifier.calls()).toBe(callsBefore);

    const { id } = (
      await post(
        '198.51.100.30',
        contactBody({ email: 'real@example.org', comments: TEXT, formToken: formToken(), captchaToken: 'good-answer' }),
      ).expect(201)
    ).body;
    expect(await detail(id)).toMatchObject({ heldAsSpam: false, status: 'new', spamReasons: [] });
  });

  it('never holds a lead for duplicate-text alone', async () => {
    const ids = [];
    for (const [index, from] of ['203.0.113.31', '203.0.113.32', '198.51.100.33'].entries()) {
      const body = contactBody({
        email: `p${index}@example.org`,
        comments: `${TEXT} Soon.`,
        formToken: formToken(),
        captchaToken: 'good-answer',
      });
      ids.push((await post(from, body).expect(201)).body.id as string);
    }
    expect(await detail(ids[2])).toMatchObject({ heldAsSpam: false, status: 'new', spamReasons: ['duplicate-text'] });
  });

  it('reads a copy in full-width or look-alike letters as the same text (duplicate-text)', async () => {
    const text = 'Kindly review our offer for your hiring pipeline before Friday, thanks.';
    const copies = [text, text.replace(/o/g, '\uFF4F'), text.replace(/a/g, '\u0430')];
    const ids = [];
    for (const [index, comments] of copies.entries()) {
      const body = contactBody({
        email: `copy${index}@example.org`,
        comments,
        formToken: formToken(),
        captchaToken: 'good-answer',
      });
      ids.push((await post(`198.51.100.${50 + index}`, body).expect(201)).body.id as string);
    }
    expect((await detail(ids[2])).spamReasons).toEqual(['duplicate-text']);
  });

  it('accepts a form token once: a second post with it reads as missing', async () => {
    const token = formToken();
    const first = (
      await post('198.51.100.41', own({ email: 'one@example.org', formToken: token, captchaToken: 'good-answer' })).expect(201)
    ).body.id as string;
    const second = (
      await post('198.51.100.42', own({ email: 'two@example.org', formToken: token, captchaToken: 'good-answer' })).expect(201)
    ).body.id as string;
    expect((await detail(first)).spamReasons).toEqual([]);
    expect((await detail(second)).spamReasons).toEqual(['missing-token']);
  });
});

/** What the team may do with a held lead, and many leads at once (CONTRACT "Second round": held leads, bulk). */
describe('held leads and bulk changes', () => {
  let sheet: FakeSheetsEndpoint;
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    sheet = await FakeSheetsEndpoint.start();
    sut = await createTestApp({
      env: { SPAM_FILTER: 'on', CONTACT_RATE_LIMIT: '1000', SHEETS_WEBHOOK_URL: sheet.url, DELIVERY_POLL_INTERVAL_MS: '100' },
    });
    admin = await signedInAgent(sut);
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await sheet?.stop();
  });

  const SPAM = {
    name: 'Cheap Viagra',
    email: 'sales@pharma.example',
    comments: 'Buy viagra and cialis online, no prescription: https://pharma.example https://pharma.example/order',
  };
  const submit = async (body: Record<string, unknown>) =>
    (await request(sut.server).post('/api/contact').set('X-Forwarded-For', '198.51.100.60').send(body).expect(201)).body
      .id as string;

  // Finding: "Send again" on a held lead posted the spam row to the spreadsheet.
  it('refuses to send a held lead again (409), and sends nothing for it', async () => {
    const id = await submit(contactBody(SPAM));
    expect((await admin.get(`/api/admin/contacts/${id}`).expect(200)).body).toMatchObject({ heldAsSpam: true });

    const res = await admin.post(`/api/admin/contacts/${id}/redeliver`).expect(409);
    expect(res.body.message).toMatch(/held as spam/);
    const [{ count }] = await sut.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM deliveries WHERE submission_id = $1`,
      [id],
    );
    expect(count).toBe(0);
  });

  // Finding: bulk refused followUpAt, which the contract allows.
  it('takes followUpAt in bulk, on every lead named', async () => {
    const ids = [
      await submit(contactBody({ email: 'f1@example.org', comments: 'First of the follow-ups, please.' })),
      await submit(contactBody({ email: 'f2@example.org', comments: 'Second of the follow-ups, please.' })),
    ];
    const followUpAt = '2031-03-04T09:00:00.000Z';

    expect((await admin.post('/api/admin/contacts/bulk').send({ ids, followUpAt }).expect(200)).body).toEqual({ updated: 2 });
    for (const id of ids) {
      const lead = (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;
      expect(lead.followUpAt).toBe(followUpAt);
      expect(lead.history).toContainEqual(expect.objectContaining({ action: 'follow-up' }));
    }
    expect((await admin.post('/api/admin/contacts/bulk').send({ ids, followUpAt: null }).expect(200)).body).toEqual({
      updated: 2,
    });
  });
});
