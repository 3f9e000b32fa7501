import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { FormTokens } from '../src/intake/spam/form-tokens.service.js';
import { createAccount, signedInAs } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { FakeSheetsEndpoint, waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

type CorpusLead = Record<string, string>;
// Every submission comes from one public address, as from an office network behind one router.
const OFFICE = '198.51.100.7';
const corpus = JSON.parse(readFileSync(new URL('./fixtures/spam-corpus.json', import.meta.url), 'utf8')) as {
  real: CorpusLead[];
  spam: CorpusLead[];
};

const SPAM = {
  name: 'Cheap Viagra',
  email: 'sales@pharma.example',
  company: undefined,
  linkedin: undefined,
  comments: 'Buy viagra and cialis online, no prescription: https://pharma.example https://pharma.example/order',
};

/**
 * Spam is held before it reaches anyone, and released once: real SMTP server, real webhook
 * receiver, real spreadsheet endpoint; every submission from one address (an office network).
 */
describe('spam quarantine', () => {
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let sheet: FakeSheetsEndpoint;
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  let member: Awaited<ReturnType<typeof signedInAs>>;
  let viewer: Awaited<ReturnType<typeof signedInAs>>;

  beforeAll(async () => {
    [smtp, hook, sheet] = await Promise.all([startSmtpReceiver(), WebhookReceiver.start(), FakeSheetsEndpoint.start()]);
    sut = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Lead inbox <leads@example.com>',
        PUBLIC_URL: 'https://leads.example.com',
        DELIVERY_POLL_INTERVAL_MS: '100',
        SPAM_FILTER: 'on',
        CONTACT_RATE_LIMIT: '10000',
        AUTO_REPLY_MAX_PER_HOUR: '10000',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        SHEETS_WEBHOOK_URL: sheet.url,
      },
    });
    const lead = await createAccount(sut, 'admin', { email: 'lea@example.com' });
    await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'mine' WHERE id = $1`, [lead.id]);
    admin = await signedInAs(sut, lead);
    const mia = await createAccount(sut, 'member', { email: 'mia@example.com' });
    const vic = await createAccount(sut, 'viewer', { email: 'vic@example.com' });
    // The team lead alone takes new leads at once: one new-lead e-mail a lead.
    await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'off' WHERE id = ANY($1)`, [[mia.id, vic.id]]);
    member = await signedInAs(sut, mia);
    viewer = await signedInAs(sut, vic);
    await admin
      .post('/api/admin/webhooks')
      .send({ url: hook.url, events: ['lead.created', 'lead.updated'] })
      .expect(201);
    await admin
      .put('/api/admin/settings/auto-reply')
      .send({ enabled: true, subject: 'We got your message', body: 'Hi {name}, thanks!' })
      .expect(200);
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await Promise.all([smtp?.close(), hook?.stop(), sheet?.stop()]);
  });
  beforeEach(async () => {
    await emptySubmissions(sut.dataSource);
    await sut.dataSource.query('DELETE FROM auto_reply_recipients');
    smtp.received.length = 0;
    hook.received.length = 0;
    sheet.received.length = 0;
  });

  // The scorer remembers an hour of texts (duplicate-text): each clean lead writes its own.
  let written = 0;
  const own = (overrides: Record<string, unknown>) =>
    contactBody({ comments: `Our own words, number ${(written += 1)}.`, ...overrides });

  /** A token as the form obtains it on load, `ageMs` ago. */
  const formToken = (ageMs = 10_000) => sut.app.get(FormTokens).issue(Date.now() - ageMs).token;
  const submit = async (body: Record<string, unknown>): Promise<string> =>
    (await request(sut.server).post('/api/contact').set('X-Forwarded-For', OFFICE).send(body).expect(201)).body.id;
  const mailsAbout = (name: string) => smtp.received.filter(({ mail }) => `${mail.subject} ${mail.text}`.includes(name));
  const hooksAbout = (id: string, type: string) =>
    hook.received.filter((post) => post.json.type === type && post.json.data?.id === id);
  const rowsAbout = (id: string) => sheet.postedIds.filter((posted) => posted === id);
  const detail = async (id: string) => (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;

  /** A clean lead and everything it sends: after it, whatever a held lead would have sent would be there too. */
  const cleanLeadDelivered = async () => {
    const clean = await submit(own({ name: 'Clean Person', email: 'clean@example.org', formToken: formToken() }));
    await waitFor(
      'the clean lead everywhere',
      () =>
        mailsAbout('Clean Person').length === 2 &&
        hooksAbout(clean, 'lead.created').length === 1 &&
        rowsAbout(clean).length === 1,
    );
    return clean;
  };

  it('stores a held submission with its score and reasons, and sends nothing for it', async () => {
    const id = await submit(contactBody(SPAM));
    await cleanLeadDelivered();

    const lead = await detail(id);
    expect(lead).toMatchObject({ status: 'spam', heldAsSpam: true });
    expect(lead.spamScore).toBeGreaterThanOrEqual(50);
    expect(lead.spamReasons).toEqual(expect.arrayContaining(['spam-words', 'links', 'missing-token']));
    expect(mailsAbout('Cheap Viagra')).toEqual([]);
    expect(smtp.received.filter(({ envelopeTo }) => envelopeTo.includes('sales@pharma.example'))).toEqual([]);
    expect(hooksAbout(id, 'lead.created')).toEqual([]);
    expect(rowsAbout(id)).toEqual([]);
    const listed = (await admin.get('/api/admin/contacts?status=spam').expect(200)).body;
    expect(listed).toEqual([expect.objectContaining({ id, heldAsSpam: true, spamReasons: lead.spamReasons })]);
    expect((await admin.get('/api/admin/contacts').expect(200)).body.map((row: { id: string }) => row.id)).not.toContain(id);
    const cards = (await admin.get('/api/admin/analytics').expect(200)).body;
    expect(cards.total).toBe(1);
  });

  it('releases a held lead once: its e-mails, auto-reply, webhook, spreadsheet row and a release event', async () => {
    const id = await submit(contactBody(SPAM));

    await member.patch(`/api/admin/contacts/${id}`).send({ status: 'new' }).expect(200);
    await waitFor(
      'the release everywhere',
      () => mailsAbout('Cheap Viagra').length === 2 && hooksAbout(id, 'lead.created').length === 1 && rowsAbout(id).length === 1,
    );
    await member.patch(`/api/admin/contacts/${id}`).send({ status: 'spam' }).expect(200);
    await member.patch(`/api/admin/contacts/${id}`).send({ status: 'contacted' }).expect(200);
    await cleanLeadDelivered();

    expect(
      mailsAbout('Cheap Viagra')
        .map(({ mail }) => mail.subject)
        .sort(),
    ).toEqual(['New lead: Cheap Viagra – Empower Recruiting Team', 'We got your message']);
    expect(hooksAbout(id, 'lead.created')).toHaveLength(1);
    expect(rowsAbout(id)).toHaveLength(1);
    const lead = await detail(id);
    expect(lead).toMatchObject({ status: 'contacted', heldAsSpam: false });
    expect(lead.history.filter((event: { action: string }) => event.action === 'release')).toEqual([
      expect.objectContaining({ action: 'release', actor: expect.stringMatching(/./) }),
    ]);
    expect((await admin.get('/api/admin/analytics').expect(200)).body.total).toBe(2);
  });

  it('changes many leads in one request, each with its history, webhook and release; unknown ids skipped', async () => {
    const held = await submit(contactBody(SPAM));
    const clean = await cleanLeadDelivered();
    const unknown = '00000000-0000-4000-8000-000000000000';

    const res = await member
      .post('/api/admin/contacts/bulk')
      .send({ ids: [held, clean, unknown], status: 'qualified' })
      .expect(200);

    expect(res.body).toEqual({ updated: 2 });
    await waitFor(
      'the release and the updates',
      () =>
        hooksAbout(held, 'lead.created').length === 1 &&
        hooksAbout(held, 'lead.updated').length === 1 &&
        hooksAbout(clean, 'lead.updated').length === 1 &&
        mailsAbout('Cheap Viagra').length === 2,
    );
    for (const id of [held, clean]) {
      const lead = await detail(id);
      expect(lead.status).toBe('qualified');
      expect(lead.history).toContainEqual(
        expect.objectContaining({ action: 'status', detail: expect.objectContaining({ to: 'qualified' }) }),
      );
    }
    expect((await detail(held)).history.map((event: { action: string }) => event.action)).toContain('release');
    expect(
      (
        await member
          .post('/api/admin/contacts/bulk')
          .send({ ids: [clean], status: 'qualified' })
          .expect(200)
      ).body,
    ).toEqual({
      updated: 0,
    });
  });

  it('changes nothing of a bulk request that fails on one lead', async () => {
    const a = await submit(own({ email: 'a@example.org', formToken: formToken() }));
    const res = await member
      .post('/api/admin/contacts/bulk')
      .send({ ids: [a], status: 'contacted', assigneeId: '00000000-0000-4000-8000-000000000000' })
      .expect(400);
    expect(res.body.message).toEqual([expect.stringMatching(/assignee/i)]);
    expect((await detail(a)).status).toBe('new');
  });

  it('refuses bad bulk bodies with the rule, and the roles the table refuses', async () => {
    const a = await submit(own({ email: 'a@example.org', formToken: formToken() }));
    expect((await member.post('/api/admin/contacts/bulk').send({ ids: [], status: 'new' }).expect(400)).body.message).toEqual([
      'ids must be a list of 1 to 1000 lead ids',
    ]);
    expect(
      (
        await member
          .post('/api/admin/contacts/bulk')
          .send({ ids: ['x'], status: 'new' })
          .expect(400)
      ).body.message,
    ).toEqual(['each of ids must be a lead id (a UUID)']);
    const many = Array.from({ length: 1001 }, () => a);
    await member.post('/api/admin/contacts/bulk').send({ ids: many, status: 'new' }).expect(400);
    expect(
      (
        await viewer
          .post('/api/admin/contacts/bulk')
          .send({ ids: [a], status: 'new' })
          .expect(403)
      ).body.message,
    ).toMatch(/viewer/);
    expect(
      (
        await member
          .post('/api/admin/contacts/bulk-delete')
          .send({ ids: [a] })
          .expect(403)
      ).body.message,
    ).toMatch(/member/);
    expect((await detail(a)).status).toBe('new');
  });

  it('erases many leads as one DELETE each would', async () => {
    const a = await submit(own({ email: 'a@example.org', formToken: formToken() }));
    const b = await submit(contactBody(SPAM));

    const res = await admin
      .post('/api/admin/contacts/bulk-delete')
      .send({ ids: [a, b, '00000000-0000-4000-8000-000000000000'] })
      .expect(200);

    expect(res.body).toEqual({ erased: 2 });
    await admin.get(`/api/admin/contacts/${a}`).expect(404);
    await admin.get(`/api/admin/contacts/${b}`).expect(404);
    const events = await sut.dataSource.query<Array<{ submission_id: string }>>(
      `SELECT submission_id FROM audit_events WHERE action = 'erase' ORDER BY submission_id`,
    );
    expect(events.map((event) => event.submission_id).sort()).toEqual([a, b].sort());
  });
});

/** The score alone, on an app without channels: every submission from one address (an office network). */
describe('spam score', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ env: { SPAM_FILTER: 'on', CONTACT_RATE_LIMIT: '10000' } });
  }, 60_000);
  afterAll(() => sut?.close());
  beforeEach(() => emptySubmissions(sut.dataSource));

  let written = 0;
  const own = (overrides: Record<string, unknown>) =>
    contactBody({ comments: `Our own words, number ${(written += 1)}.`, ...overrides });
  const formToken = (ageMs = 10_000) => sut.app.get(FormTokens).issue(Date.now() - ageMs).token;
  const submit = async (body: Record<string, unknown>): Promise<string> =>
    (await request(sut.server).post('/api/contact').set('X-Forwarded-For', OFFICE).send(body).expect(201)).body.id;
  const detail = async (id: string) =>
    (
      await sut.dataSource.query<Array<{ heldAsSpam: boolean; spamReasons: string[] }>>(
        'SELECT held_as_spam AS "heldAsSpam", spam_reasons AS "spamReasons" FROM contact_submissions WHERE id = $1',
        [id],
      )
    )[0];

  it('holds no real lead and at least 95 % of the spam of the corpus, all from one address', async () => {
    const real = await Promise.all(corpus.real.map((lead) => submit({ ...lead, formToken: formToken() })));
    const spam = [];
    // In order: the text sent from many addresses is held from its third address on.
    for (const lead of corpus.spam) spam.push(await submit(lead));

    const held = async (ids: string[]) =>
      (
        await sut.dataSource.query<Array<{ count: number }>>(
          'SELECT count(*)::int AS count FROM contact_submissions WHERE held_as_spam AND id = ANY($1)',
          [ids],
        )
      )[0].count;
    expect(corpus.real.length).toBeGreaterThanOrEqual(50);
    expect(corpus.spam.length).toBeGreaterThanOrEqual(50);
    expect(await held(real)).toBe(0);
    expect((await held(spam)) / spam.length).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  it('never holds on the weak signals alone: no token, sent at once, a busy network', async () => {
    const ids = [];
    for (let index = 0; index < 25; index += 1) {
      ids.push(
        await submit(own({ name: `Office Person ${index}`, email: `p${index}@office.example`, formToken: formToken(500) })),
      );
      ids.push(
        await submit(
          contactBody({ name: `API Client ${index}`, email: `api${index}@office.example`, comments: `lead ${index}` }),
        ),
      );
    }
    const last = await detail(ids[ids.length - 1]);
    expect(last.heldAsSpam).toBe(false);
    expect(last.spamReasons).toEqual(['missing-token', 'network-volume']);
    expect((await detail(ids[ids.length - 2])).spamReasons).toEqual(['too-fast', 'network-volume']);
    const [{ held }] = await sut.dataSource.query<Array<{ held: number }>>(
      'SELECT count(*)::int AS held FROM contact_submissions WHERE held_as_spam',
    );
    expect(held).toBe(0);
  });
});
