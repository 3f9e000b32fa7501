import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { contactBody, NO_PROVENANCE } from './support/contacts.js';
import { FakeSheetsEndpoint, waitFor } from './support/sheets-endpoint.js';
import { createTestApp, DEV_ADMIN, signedInAgent, type TestApp } from './support/test-app.js';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** Stores a lead through the form, as a visitor would; returns its id. */
async function submit(sut: TestApp, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await request(sut.server).post('/api/contact').send(contactBody(overrides)).expect(201);
  return res.body.id as string;
}

describe('one lead of the inbox (spreadsheet sync off)', () => {
  let sut: TestApp;
  let admin: Agent;
  let id: string;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '10000' } });
    admin = await signedInAgent(sut);
  });
  afterAll(() => sut.close());
  beforeEach(async () => {
    id = await submit(sut, { name: 'Grace Hopper', email: 'grace@example.com' });
  });

  it('answers the detail: every field, no notes, no status change yet, delivery off, no history; its version as ETag', async () => {
    const res = await admin.get(`/api/admin/contacts/${id}`).expect(200);

    expect(res.headers.etag).toBe('"1"');
    expect(res.body).toEqual({
      id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      linkedin: 'https://www.linkedin.com/in/ada',
      company: 'Analytical Engines',
      interest: 'empower-team',
      comments: 'We hire twenty engineers a quarter.',
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'new',
      version: 1,
      spamScore: 0,
      spamReasons: [],
      heldAsSpam: false,
      lastMessageAt: null,
      awaitingReply: false,
      notes: [],
      statusChangedAt: null,
      statusChangedBy: null,
      delivery: { state: 'off', attempts: 0, lastError: null, deliveredAt: null },
      history: [],
      repeatOf: null,
      assigneeId: null,
      assignee: null,
      ...NO_PROVENANCE,
      otherSubmissions: [],
      meetings: [],
      routing: null,
      nextMeetingAt: null,
      firstRespondedAt: null,
      responseMinutes: null,
      // Set by the response-time scan within its interval of the arrival.
      responseDueAt: res.body.responseDueAt === null ? null : expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      followUpAt: null,
      releasedAt: null,
    });
  });

  it.each([['7b0c0a4e-8c57-4b8e-9d7e-2a3f4b5c6d7e'], ['not-an-id'], ['export'], ["1'%20OR%20'1'='1"]])(
    'answers 404 for an unknown or malformed id: %s',
    async (unknown) => {
      await admin.get(`/api/admin/contacts/${unknown}`).expect(404);
      await admin.patch(`/api/admin/contacts/${unknown}`).send({ status: 'spam' }).expect(404);
    },
  );

  it('changes the status, records who and when, and answers the detail', async () => {
    const before = Date.now();
    const res = await admin.patch(`/api/admin/contacts/${id}`).send({ status: 'contacted' }).expect(200);

    expect(res.body).toMatchObject({ id, status: 'contacted', statusChangedBy: DEV_ADMIN.username });
    expect(Date.parse(res.body.statusChangedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.history).toEqual([
      {
        at: res.body.statusChangedAt,
        actor: 'admin',
        actorId: expect.any(String),
        actorDisplayName: 'admin',
        action: 'status',
        detail: { from: 'new', to: 'contacted' },
      },
    ]);
    const list = await admin.get('/api/admin/contacts?status=contacted').expect(200);
    expect(list.body.map((row: { id: string; status: string }) => [row.id, row.status])).toContainEqual([id, 'contacted']);
  });

  it('keeps the history newest first, and records nothing for a status it already has', async () => {
    await admin.patch(`/api/admin/contacts/${id}`).send({ status: 'qualified' }).expect(200);
    await admin.patch(`/api/admin/contacts/${id}`).send({ status: 'qualified' }).expect(200);
    const res = await admin.patch(`/api/admin/contacts/${id}`).send({ status: 'archived' }).expect(200);

    expect(res.body.history.map((entry: { detail: unknown }) => entry.detail)).toEqual([
      { from: 'qualified', to: 'archived' },
      { from: 'new', to: 'qualified' },
    ]);
    // Archived leads leave the default list.
    const list = await admin.get('/api/admin/contacts').expect(200);
    expect(list.body.map((row: { id: string }) => row.id)).not.toContain(id);
  });

  it.each([
    ['an empty body', {}, 'status, assigneeId or followUpAt must be given'],
    ['an unknown status', { status: 'deleted' }, 'status must be one of new, contacted, qualified, archived, spam'],
    ['a null status', { status: null }, 'status must be one of new, contacted, qualified, archived, spam'],
    ['a note (notes are added to the thread)', { note: 'Called her.' }, 'property note should not exist'],
    ['another field', { name: 'Someone else' }, 'property name should not exist'],
  ])('refuses %s with the failed rule and changes nothing', async (_, body, message) => {
    const res = await admin.patch(`/api/admin/contacts/${id}`).send(body).expect(400);
    expect(([] as string[]).concat(res.body.message)).toContain(message);
    const detail = await admin.get(`/api/admin/contacts/${id}`).expect(200);
    expect(detail.body).toMatchObject({ status: 'new', version: 1, notes: [], history: [] });
  });

  it('answers 409 to "send again" while the spreadsheet sync is off', async () => {
    await admin.post(`/api/admin/contacts/${id}/redeliver`).expect(409);
  });

  it('answers 401 to every route without a session, and changes nothing', async () => {
    const anonymous = request(sut.server);
    await anonymous.get(`/api/admin/contacts/${id}`).expect(401);
    await anonymous.patch(`/api/admin/contacts/${id}`).send({ status: 'spam' }).expect(401);
    await anonymous.post(`/api/admin/contacts/${id}/redeliver`).expect(401);
    await anonymous.get('/api/admin/contacts/export.csv').expect(401);
    await anonymous.get('/api/admin/analytics/trend').expect(401);
    const detail = await admin.get(`/api/admin/contacts/${id}`).expect(200);
    expect(detail.body.status).toBe('new');
  });
});

describe('"send again" (spreadsheet sync on)', () => {
  let endpoint: FakeSheetsEndpoint;
  let sut: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    endpoint = await FakeSheetsEndpoint.start();
    sut = await createTestApp({
      env: {
        SHEETS_WEBHOOK_URL: endpoint.url,
        DELIVERY_POLL_INTERVAL_MS: '25',
        DELIVERY_RETRY_BASE_MS: '20',
        DELIVERY_MAX_ATTEMPTS: '2',
      },
    });
    admin = await signedInAgent(sut);
  });
  afterAll(async () => {
    await sut.close();
    await endpoint.stop();
  });

  const delivery = async (id: string) => (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body.delivery;

  it('shows a failed delivery, queues it again (202) and shows it delivered', async () => {
    endpoint.answer = () => 500;
    const id = await submit(sut);
    await waitFor('the failure', async () => (await delivery(id)).state === 'failed');
    expect(await delivery(id)).toMatchObject({ state: 'failed', attempts: 2, lastError: expect.stringContaining('500') });

    endpoint.answer = () => 200;
    const res = await admin.post(`/api/admin/contacts/${id}/redeliver`).expect(202);
    expect(res.body).toMatchObject({ attempts: 0, lastError: null, deliveredAt: null });
    await waitFor('the delivery', async () => (await delivery(id)).state === 'delivered');

    const detail = await admin.get(`/api/admin/contacts/${id}`).expect(200);
    expect(detail.body.delivery).toEqual({ state: 'delivered', attempts: 1, lastError: null, deliveredAt: expect.any(String) });
    expect(detail.body.history).toEqual([
      {
        at: expect.any(String),
        actor: 'admin',
        actorId: expect.any(String),
        actorDisplayName: 'admin',
        action: 'redeliver',
        detail: {},
      },
    ]);
    expect(endpoint.postedIds.filter((posted) => posted === id).length).toBe(3);
  });

  it('sends a delivered lead again too', async () => {
    endpoint.answer = () => 200;
    const id = await submit(sut, { email: 'again@example.com' });
    await waitFor('the delivery', async () => (await delivery(id)).state === 'delivered');

    await admin.post(`/api/admin/contacts/${id}/redeliver`).expect(202);
    await waitFor('the second delivery', () => endpoint.postedIds.filter((posted) => posted === id).length === 2);
  });

  it('answers 404 for an unknown id', async () => {
    await admin.post('/api/admin/contacts/7b0c0a4e-8c57-4b8e-9d7e-2a3f4b5c6d7e/redeliver').expect(404);
  });
});
