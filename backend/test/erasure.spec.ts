import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { SubmissionCountsRollup } from '../src/leads/submission-counts-rollup.service.js';
import { sign } from '../src/sheets/sheets-signature.js';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { FakeSheetsEndpoint, waitFor } from './support/sheets-endpoint.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

const SECRET = 'erasure-test-secret';
const FAST = {
  DELIVERY_RETRY_BASE_MS: '20',
  DELIVERY_POLL_INTERVAL_MS: '25',
  DELIVERY_ATTEMPT_TIMEOUT_MS: '1000',
  CONTACT_RATE_LIMIT: '10000',
};

describe('erasure', () => {
  let endpoint: FakeSheetsEndpoint;
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    endpoint = await FakeSheetsEndpoint.start();
    sut = await createTestApp({ env: { ...FAST, SHEETS_WEBHOOK_URL: endpoint.url, SHEETS_WEBHOOK_SECRET: SECRET } });
    admin = await signedInAgent(sut);
  });
  afterAll(async () => {
    await sut.close();
    await endpoint.stop();
  });
  beforeEach(async () => {
    await emptySubmissions(sut.dataSource);
    endpoint.received.length = 0;
    endpoint.answer = () => 200;
  });

  /** Submits through the API with an Idempotency-Key, as the SPA does; answers the id. */
  const submit = async (overrides: Record<string, unknown> = {}, key = `key-${Math.random().toString(36).slice(2, 12)}`) =>
    (await request(sut.server).post('/api/contact').set('Idempotency-Key', key).send(contactBody(overrides)).expect(201)).body
      .id as string;
  const count = async (table: string) => Number((await sut.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const erasePosts = () => endpoint.posts.filter((post) => (JSON.parse(post.body) as { action?: string }).action === 'erase');
  const appendsDelivered = (n: number) => async () =>
    Number(
      (
        await sut.dataSource.query(`SELECT count(*)::int AS n FROM deliveries WHERE channel = 'sheet' AND status = 'delivered'`)
      )[0].n,
    ) === n;

  it('DELETE /api/admin/contacts/:id removes the lead, its outbox row and key, and sends one signed erase', async () => {
    const keep = await submit({ email: 'keep@example.com' });
    const id = await submit({ email: 'gone@example.com' }, 'the-key-of-gone');
    await waitFor('both appends delivered', appendsDelivered(2));

    await admin.delete(`/api/admin/contacts/${id}`).expect(204);

    expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toEqual([{ id: keep }]);
    expect(await sut.dataSource.query('SELECT submission_id FROM deliveries WHERE submission_id IS NOT NULL')).toEqual([
      { submission_id: keep },
    ]);
    expect(await sut.dataSource.query('SELECT key FROM contact_idempotency_keys WHERE submission_id = $1', [id])).toEqual([]);
    await waitFor('the erase delivery', () => erasePosts().length === 1);
    const [post] = erasePosts();
    expect(JSON.parse(post.body)).toEqual({ action: 'erase', ids: [id] });
    const delivery = post.query.get('delivery')!;
    const timestamp = Number(post.query.get('timestamp'));
    expect(post.query.get('signature')).toBe(sign(SECRET, delivery, timestamp, post.body));
    await waitFor('the erase delivery marked delivered', async () => {
      const rows = await sut.dataSource.query(`SELECT status FROM deliveries WHERE event = 'erase'`);
      return rows.length === 1 && rows[0].status === 'delivered';
    });
  });

  it('lets the same Idempotency-Key store a new lead after its lead was erased', async () => {
    const id = await submit({}, 'reused-key-123');
    await admin.delete(`/api/admin/contacts/${id}`).expect(204);

    const again = await submit({}, 'reused-key-123');

    expect(again).not.toBe(id);
    expect(await count('contact_submissions')).toBe(1);
  });

  it('answers 404 for an unknown or malformed id, erasing nothing', async () => {
    await submit();

    await admin.delete('/api/admin/contacts/7b0c0a4e-8c57-4b8e-9d7e-2a3f4b5c6d7e').expect(404);
    await admin.delete('/api/admin/contacts/not-an-id').expect(404);

    expect(await count('contact_submissions')).toBe(1);
    expect(await sut.dataSource.query(`SELECT id FROM deliveries WHERE event = 'erase'`)).toEqual([]);
  });

  it('POST /api/admin/erasures erases every submission of the normalised e-mail, in one erase delivery', async () => {
    const first = await submit({ email: 'Ada.Lovelace@Example.com' });
    const second = await submit({ email: 'ada.lovelace@example.com', interest: 'partnership' });
    const third = await submit({ email: '  ADA.LOVELACE@EXAMPLE.COM ' });
    const other = await submit({ email: 'grace@example.com' });
    await waitFor('the appends delivered', appendsDelivered(4));

    const res = await admin.post('/api/admin/erasures').send({ email: ' ADA.lovelace@example.COM ' }).expect(200);

    expect(res.body).toEqual({ erased: 3 });
    expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toEqual([{ id: other }]);
    await waitFor('the erase delivery', () => erasePosts().length === 1);
    expect(JSON.parse(erasePosts()[0].body)).toEqual({ action: 'erase', ids: [first, second, third].sort() });
  });

  it('answers 200 { erased: 0 } for an e-mail with no submission, and queues nothing', async () => {
    await submit();

    await admin.post('/api/admin/erasures').send({ email: 'nobody@example.com' }).expect(200, { erased: 0 });

    expect(await count('contact_submissions')).toBe(1);
    expect(await sut.dataSource.query(`SELECT id FROM deliveries WHERE event = 'erase'`)).toEqual([]);
  });

  it.each([[{}], [{ email: 'not-an-email' }], [{ email: 42 }], [{ email: 'a@example.com', extra: 1 }]])(
    'refuses the erasure request %j with 400',
    async (body) => {
      const res = await admin.post('/api/admin/erasures').send(body).expect(400);
      expect(res.body.statusCode).toBe(400);
    },
  );

  it('records each erasure in the audit log with who, the ids and the count, never the e-mail', async () => {
    await sut.dataSource.query('TRUNCATE audit_events');
    const one = await submit({ email: 'one@example.com' });
    const [a, b] = [await submit({ email: 'pair@example.com' }), await submit({ email: 'PAIR@example.com' })];

    await admin.delete(`/api/admin/contacts/${one}`).expect(204);
    await admin.post('/api/admin/erasures').send({ email: 'pair@example.com' }).expect(200, { erased: 2 });
    await admin.post('/api/admin/erasures').send({ email: 'nobody@example.com' }).expect(200, { erased: 0 });

    const events = await sut.dataSource.query(
      `SELECT actor, action, submission_id, detail FROM audit_events WHERE action = 'erase' ORDER BY id`,
    );
    expect(events).toEqual([
      { actor: 'admin', action: 'erase', submission_id: one, detail: { ids: [one], count: 1, by: 'id' } },
      { actor: 'admin', action: 'erase', submission_id: null, detail: { ids: [a, b].sort(), count: 2, by: 'email' } },
      { actor: 'admin', action: 'erase', submission_id: null, detail: { ids: [], count: 0, by: 'email' } },
    ]);
    const everything = JSON.stringify(await sut.dataSource.query('SELECT * FROM audit_events'));
    expect(everything).not.toMatch(/example\.com/i);
  });

  it('keeps the analytics exact after erasure, before and after the roll-up', async () => {
    await submit({ email: 'a@example.com', interest: 'partnership', company: 'Acme' });
    await submit({ email: 'a@example.com', interest: 'community', company: '' });
    await submit({ email: 'b@example.com', interest: 'partnership', company: 'Initech' });
    await sut.app.get(SubmissionCountsRollup).rollUp();

    await admin.post('/api/admin/erasures').send({ email: 'a@example.com' }).expect(200, { erased: 2 });

    const expected = { total: 1, thisMonth: 1, companiesSubmitted: 1, interestBreakdown: { partnership: 1 } };
    expect((await admin.get('/api/admin/analytics').expect(200)).body).toEqual(expected);
    await sut.app.get(SubmissionCountsRollup).rollUp();
    expect((await admin.get('/api/admin/analytics').expect(200)).body).toEqual(expected);
  });

  it('needs a signed-in admin', async () => {
    const id = await submit();

    await request(sut.server).delete(`/api/admin/contacts/${id}`).expect(401);
    await request(sut.server).post('/api/admin/erasures').send({ email: 'ada@example.com' }).expect(401);
    expect(await count('contact_submissions')).toBe(1);
  });
});

describe('erasure without spreadsheet sync', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '10000' } });
  });
  afterAll(() => sut.close());

  it('erases and queues no delivery', async () => {
    const admin = await signedInAgent(sut);
    const { id } = (await request(sut.server).post('/api/contact').send(contactBody()).expect(201)).body;

    await admin.delete(`/api/admin/contacts/${id}`).expect(204);

    expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toEqual([]);
    expect(await sut.dataSource.query('SELECT id FROM deliveries')).toEqual([]);
  });
});
