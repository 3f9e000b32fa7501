import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createAccount, signedInAs } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

const MAIL_FROM = 'Lead inbox <leads@example.com>';
const SETTINGS = '/api/admin/settings/auto-reply';
const SETTINGS_TEXTS = { subject: 'We got your message', body: 'Hi {name},\n\nThanks! We answer within a day, {name}.' };
const EVIL_NAME = '<img src=x onerror=alert(1)>';

/** The auto-reply to the visitor through a real SMTP server (STARTTLS and AUTH on). */
describe('auto-reply', () => {
  let smtp: SmtpReceiver;
  let sut: TestApp;
  let withoutMail: TestApp;
  let admin: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const env = { MAIL_FROM, PUBLIC_URL: 'https://leads.example.com', CONTACT_RATE_LIMIT: '100' };
    sut = await createTestApp({ env: { ...env, SMTP_URL: smtp.url } });
    withoutMail = await createTestApp({ databaseUrl: sut.databaseUrl, env: { CONTACT_RATE_LIMIT: '100' } });
    admin = await signedInAgent(sut);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([sut?.close(), withoutMail?.close()]);
    await smtp?.close();
  });

  /** Submits the form; the lead is committed (with its e-mails queued) when this resolves. */
  const submit = async (app: TestApp, overrides: Record<string, unknown>) =>
    (await request(app.server).post('/api/contact').send(contactBody(overrides)).expect(201)).body.id as string;
  const autoRepliesTo = async (address: string) =>
    (
      await sut.dataSource.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM deliveries WHERE channel = 'email' AND event = 'auto-reply' AND lower(payload->>'to') = $1`,
        [address],
      )
    )[0].count;
  const mailTo = async (address: string) => {
    const isTo = ({ envelopeTo }: { envelopeTo: string[] }) => envelopeTo.some((to) => to.toLowerCase() === address);
    await waitFor(`an e-mail to ${address}`, () => smtp.received.some(isTo));
    return smtp.received.find(isTo)!.mail;
  };

  it('is off at first, with a default text; only an admin reads or changes it', async () => {
    const res = await admin.get(SETTINGS).expect(200);
    expect(res.body).toEqual({
      enabled: false,
      subject: expect.any(String),
      body: expect.stringContaining('{name}'),
      replyTo: null,
      fromName: null,
    });
    const member = await signedInAs(sut, await createAccount(sut, 'member'));
    expect((await member.get(SETTINGS).expect(403)).body.message).toMatch(/admin/);
    await member
      .put(SETTINGS)
      .send({ enabled: true, ...SETTINGS_TEXTS })
      .expect(403);
    await request(sut.server).get(SETTINGS).expect(401);
  });

  it('refuses a bad body with every failed rule, and keeps what was saved', async () => {
    const cases: Array<[Record<string, unknown>, unknown]> = [
      [
        { enabled: 'yes', subject: '', body: ' \n ' },
        ['enabled must be true or false', 'subject must not be empty', 'body must not be empty'],
      ],
      [
        { enabled: true, subject: 's'.repeat(201), body: 'b'.repeat(5001) },
        ['subject must be at most 200 characters', 'body must be at most 5000 characters'],
      ],
      // A line break would end the Subject header.
      [
        { enabled: true, subject: 'Hi\r\nBcc: x@example.com', body: 'Hello' },
        ['subject contains characters that are not allowed'],
      ],
      [{ enabled: true }, expect.arrayContaining(['subject must be text', 'body must be text'])],
    ];
    const before = (await admin.get(SETTINGS).expect(200)).body;
    for (const [body, messages] of cases) {
      const res = await admin.put(SETTINGS).send(body).expect(400);
      expect(res.body.message).toEqual(messages);
    }
    expect((await admin.get(SETTINGS).expect(200)).body).toEqual(before);
    // At the limits it is taken.
    const longest = { enabled: false, subject: 's'.repeat(200), body: 'b'.repeat(5000) };
    expect((await admin.put(SETTINGS).send(longest).expect(200)).body).toEqual({ ...longest, replyTo: null, fromName: null });
  });

  it("takes a Reply-To and a sender's name: a visitor's answer goes to the team, from the name the admin chose", async () => {
    const refused = [
      [{ replyTo: 'not an address' }, ['replyTo must be an e-mail address']],
      [{ fromName: 'f'.repeat(101) }, ['fromName must be at most 100 characters']],
      // A line break would end the From header.
      [{ fromName: 'Team\r\nBcc: x@example.com' }, ['fromName contains characters that are not allowed']],
    ] as const;
    for (const [field, messages] of refused) {
      const res = await admin
        .put(SETTINGS)
        .send({ enabled: true, ...SETTINGS_TEXTS, ...field })
        .expect(400);
      expect(res.body.message).toEqual(messages);
    }
    const sender = { replyTo: 'team@example.com', fromName: 'Ada, the "recruiting" team' };
    const saved = await admin
      .put(SETTINGS)
      .send({ enabled: true, ...SETTINGS_TEXTS, ...sender })
      .expect(200);
    expect(saved.body).toEqual({ enabled: true, ...SETTINGS_TEXTS, ...sender });
    // Left out, they stay; empty, they are cleared.
    await admin
      .put(SETTINGS)
      .send({ enabled: true, ...SETTINGS_TEXTS })
      .expect(200);

    await submit(sut, { email: 'answers@example.com' });

    const mail = await mailTo('answers@example.com');
    expect(mail.replyTo?.value).toEqual([{ address: 'team@example.com', name: '' }]);
    expect(mail.from?.value).toEqual([{ address: 'leads@example.com', name: 'Ada, the "recruiting" team' }]);
    const cleared = await admin
      .put(SETTINGS)
      .send({ enabled: false, ...SETTINGS_TEXTS, replyTo: '', fromName: null })
      .expect(200);
    expect(cleared.body).toMatchObject({ replyTo: null, fromName: null });
  });

  it('answers 400, never 500, to null or a wrong type in any field', async () => {
    const before = (await admin.get(SETTINGS).expect(200)).body;
    for (const body of [
      { enabled: null, subject: null, body: null },
      { enabled: 'true', subject: 5, body: ['Hello'] },
      { enabled: {}, subject: { text: 'x' }, body: false },
    ]) {
      const res = await admin.put(SETTINGS).send(body).expect(400);
      expect(res.body.message).toEqual(
        expect.arrayContaining(['enabled must be true or false', 'subject must be text', 'body must be text']),
      );
    }
    expect((await admin.get(SETTINGS).expect(200)).body).toEqual(before);
  });

  it('sends nothing while off', async () => {
    await admin
      .put(SETTINGS)
      .send({ enabled: false, ...SETTINGS_TEXTS })
      .expect(200);
    await submit(sut, { email: 'off@example.com' });
    expect(await autoRepliesTo('off@example.com')).toBe(0);
  });

  it('once on, e-mails the visitor with {name} replaced (escaped in HTML) and nothing else the visitor typed', async () => {
    const saved = await admin
      .put(SETTINGS)
      .send({ enabled: true, ...SETTINGS_TEXTS })
      .expect(200);
    const unset = { replyTo: null, fromName: null };
    expect(saved.body).toEqual({ enabled: true, ...SETTINGS_TEXTS, ...unset });
    expect((await admin.get(SETTINGS).expect(200)).body).toEqual({ enabled: true, ...SETTINGS_TEXTS, ...unset });

    const id = await submit(sut, {
      name: EVIL_NAME,
      email: 'Visitor@Example.com',
      company: 'Secret Company Ltd',
      comments: 'a comment <b>only the team reads</b>',
    });

    const mail = await mailTo('visitor@example.com');
    expect(mail.subject).toBe(SETTINGS_TEXTS.subject);
    expect(mail.from?.text).toBe('"Lead inbox" <leads@example.com>');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toBe(`Hi ${EVIL_NAME},\n\nThanks! We answer within a day, ${EVIL_NAME}.\n`);
    const html = mail.html as string;
    expect(html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).not.toMatch(/<img|<b>/i);
    for (const part of [mail.text, html]) {
      expect(part).not.toContain('Secret Company');
      expect(part).not.toContain('only the team reads');
    }

    // The lead's drawer lists it (any role), newest first, without the address.
    const viewer = await signedInAs(sut, await createAccount(sut, 'viewer'));
    await waitFor('the auto-reply recorded as delivered', async () =>
      ((await viewer.get(`/api/admin/contacts/${id}/emails`).expect(200)).body as Array<{ kind: string; state: string }>).some(
        (email) => email.kind === 'auto-reply' && email.state === 'delivered',
      ),
    );
    const emails = (await viewer.get(`/api/admin/contacts/${id}/emails`).expect(200)).body as Array<Record<string, unknown>>;
    expect(emails.find((email) => email.kind === 'auto-reply')).toEqual({
      id: expect.any(String),
      kind: 'auto-reply',
      state: 'delivered',
      attempts: 1,
      lastError: null,
      createdAt: expect.any(String),
      deliveredAt: expect.any(String),
    });
    expect(JSON.stringify(emails)).not.toMatch(/example\.com/i);
    await viewer.get('/api/admin/contacts/00000000-0000-4000-8000-000000000000/emails').expect(404);
  });

  it('goes at most once in 24 hours to the same normalised address, across submissions', async () => {
    await submit(sut, { email: 'repeat@example.com' });
    expect(await autoRepliesTo('repeat@example.com')).toBe(1);

    // Again, and twice at once, written otherwise: the lead is stored, no second auto-reply.
    const again = await submit(sut, { email: '  REPEAT@example.com ' });
    await Promise.all([submit(sut, { email: 'Repeat@Example.com' }), submit(sut, { email: 'repeat@EXAMPLE.com' })]);
    expect(await autoRepliesTo('repeat@example.com')).toBe(1);
    await admin.get(`/api/admin/contacts/${again}`).expect(200);

    // Two new addresses submitted at once: one each.
    await Promise.all([submit(sut, { email: 'first@example.com' }), submit(sut, { email: 'second@example.com' })]);
    expect([await autoRepliesTo('first@example.com'), await autoRepliesTo('second@example.com')]).toEqual([1, 1]);

    // A day later, the address gets one again.
    await sut.dataSource.query(`UPDATE auto_reply_recipients SET sent_at = sent_at - interval '24 hours 1 second'`);
    await submit(sut, { email: 'repeat@example.com' });
    expect(await autoRepliesTo('repeat@example.com')).toBe(2);

    // Erasing the person erases the guard's row with their submissions (and their e-mails).
    const guardRows = async () =>
      (await sut.dataSource.query<Array<{ count: number }>>('SELECT count(*)::int AS count FROM auto_reply_recipients'))[0].count;
    const before = await guardRows();
    await admin.post('/api/admin/erasures').send({ email: 'repeat@example.com' }).expect(200);
    expect(await guardRows()).toBe(before - 1);
    expect(await autoRepliesTo('repeat@example.com')).toBe(0);
  });

  it('sends none for a submission caught by the honeypot', async () => {
    await request(sut.server)
      .post('/api/contact')
      .send(contactBody({ email: 'bot@example.com', website: 'https://spam.example' }))
      .expect(201);
    expect(await autoRepliesTo('bot@example.com')).toBe(0);
  });

  it('sends none while e-mail is not set up, and says so', async () => {
    await submit(withoutMail, { email: 'nomail@example.com' });
    expect(await autoRepliesTo('nomail@example.com')).toBe(0);
    const viewer = await signedInAs(withoutMail, await createAccount(withoutMail, 'viewer'));
    expect((await viewer.get('/api/admin/settings/email').expect(200)).body).toEqual({
      enabled: false,
      from: null,
      inbound: { endpoint: false, imap: false },
    });
    expect((await admin.get('/api/admin/settings/email').expect(200)).body).toEqual({
      enabled: true,
      from: MAIL_FROM,
      inbound: { endpoint: false, imap: false },
    });
  });

  // Finding: 78 posts from 7 IPs put 63 auto-replies in one mailbox (victim+N@, "victim"@), each
  // carrying the attacker's "name": the form relayed spam to anyone.
  it('is no relay: one auto-reply per canonical address, and a name with a link becomes "there"', async () => {
    const spam = 'Claim your prize at https://evil.example/win now';
    const addresses = ['victim@example.com', '"victim"@example.com', ' VICTIM@example.com', '"Victim+x"@Example.com'];
    for (let n = 0; n < 20; n += 1) addresses.push(`victim+${n}@example.com`);
    for (const [index, email] of addresses.entries()) {
      await request(sut.server)
        .post('/api/contact')
        .set('X-Forwarded-For', `203.0.113.${index % 7}`)
        .send(contactBody({ name: spam, email }))
        .expect(201);
    }

    const [{ count }] = await sut.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM deliveries WHERE event = 'auto-reply' AND payload->>'to' ILIKE '%victim%'`,
    );
    expect(count).toBe(1);
    const mail = await mailTo('victim@example.com');
    expect(mail.text).toBe('Hi there,\n\nThanks! We answer within a day, there.\n');
    expect(mail.html).not.toContain('evil');
  });

  it.each([
    ['Ann Lee', 'Ann Lee'],
    ["Zoë O'Brien-Smith", "Zoë O'Brien-Smith"],
    ['Win big at evil.example', 'there'],
    ['www.evil.example', 'there'],
    ['Ann (ann@evil.example)', 'there'],
    ['Call 0800 123 456', 'there'],
    ['A'.repeat(61), 'there'],
  ])('puts the name %p in the auto-reply as %p', async (name, shown) => {
    const email = `named-${Math.random().toString(36).slice(2)}@example.com`;
    await submit(sut, { name, email });
    expect((await mailTo(email)).text).toBe(`Hi ${shown},\n\nThanks! We answer within a day, ${shown}.\n`);
  });
});

describe('auto-reply: at most AUTO_REPLY_MAX_PER_HOUR in all', () => {
  let smtp: SmtpReceiver;
  let sut: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const env = { MAIL_FROM, SMTP_URL: smtp.url, PUBLIC_URL: 'https://leads.example.com', CONTACT_RATE_LIMIT: '1000' };
    sut = await createTestApp({ env: { ...env, AUTO_REPLY_MAX_PER_HOUR: '5' } });
    await (
      await signedInAgent(sut)
    )
      .put(SETTINGS)
      .send({ enabled: true, ...SETTINGS_TEXTS })
      .expect(200);
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  const queued = async () =>
    (
      await sut.dataSource.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM deliveries WHERE event = 'auto-reply'`,
      )
    )[0].count;

  it('stores every lead but queues no more auto-replies than the limit, one by one or all at once', async () => {
    for (let n = 0; n < 3; n += 1)
      await request(sut.server)
        .post('/api/contact')
        .send(contactBody({ email: `one-${n}@example.com` }))
        .expect(201);
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        request(sut.server)
          .post('/api/contact')
          .send(contactBody({ email: `many-${n}@example.com` }))
          .expect(201),
      ),
    );

    expect(await queued()).toBe(5);
    const [{ leads }] = await sut.dataSource.query<Array<{ leads: number }>>(
      'SELECT count(*)::int AS leads FROM contact_submissions',
    );
    expect(leads).toBe(15);

    // An hour later, the next ones go again.
    await sut.dataSource.query(`UPDATE rate_limits SET resets_at = now() WHERE key = 'auto-reply'`);
    await request(sut.server)
      .post('/api/contact')
      .send(contactBody({ email: 'next-hour@example.com' }))
      .expect(201);
    expect(await queued()).toBe(6);
  });
});

// Findings: 8 spellings of one Gmail mailbox got 8 auto-replies; 51 bot posts from 6 addresses
// of one network spent the hour's budget, so the real visitors after them got none.
describe('auto-reply: one Gmail mailbox, and at most AUTO_REPLY_MAX_PER_NETWORK a network', () => {
  let smtp: SmtpReceiver;
  let sut: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const env = { MAIL_FROM, SMTP_URL: smtp.url, PUBLIC_URL: 'https://leads.example.com', CONTACT_RATE_LIMIT: '1000' };
    sut = await createTestApp({ env: { ...env, AUTO_REPLY_MAX_PER_HOUR: '20' } });
    await (
      await signedInAgent(sut)
    )
      .put(SETTINGS)
      .send({ enabled: true, ...SETTINGS_TEXTS })
      .expect(200);
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  const post = (from: string, email: string) =>
    request(sut.server).post('/api/contact').set('X-Forwarded-For', from).send(contactBody({ email })).expect(201);
  const queuedTo = async (pattern: string) =>
    (
      await sut.dataSource.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM deliveries WHERE event = 'auto-reply' AND payload->>'to' ILIKE $1`,
        [pattern],
      )
    )[0].count;

  it("treats Gmail's dots and googlemail.com as one mailbox", async () => {
    const spellings = [
      'jane.doe@gmail.com',
      'janedoe@gmail.com',
      'j.a.n.e.d.o.e@gmail.com',
      'JaneDoe@googlemail.com',
      'jane.doe+offer@googlemail.com',
      'jan.edoe@gmail.com',
      '"jane.doe"@gmail.com',
      'j.anedoe@googlemail.com',
    ];
    // Each from a network of its own: only the mailbox is the same.
    for (const [index, email] of spellings.entries()) await post(`198.18.${index}.1`, email);
    expect(await queuedTo('%mail.com')).toBe(1);
  });

  it('sends at most 5 an hour to the submissions of one /24 or /64, so a bot leaves the budget to real visitors', async () => {
    for (let n = 0; n < 45; n += 1) await post(`203.0.113.${(n % 6) + 1}`, `bot4-${n}@example.net`);
    for (let n = 0; n < 6; n += 1) await post(`2001:db8:5:7::${n + 1}`, `bot6-${n}@example.net`);
    expect(await queuedTo('bot4-%')).toBe(5);
    expect(await queuedTo('bot6-%')).toBe(5);

    await post('192.0.2.44', 'real.visitor@example.org');
    expect(await queuedTo('real.visitor@example.org')).toBe(1);
  });
});
