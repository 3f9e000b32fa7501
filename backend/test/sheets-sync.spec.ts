import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { DeliveryWorker } from '../src/deliveries/delivery-worker.service.js';
import { retryDelayMs } from '../src/deliveries/retry-schedule.js';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { FakeSheetsEndpoint, waitFor } from './support/sheets-endpoint.js';
import { createTestApp, createTestDatabase, signedInAgent, type TestApp } from './support/test-app.js';

interface DeliveryRow {
  id: string;
  submission_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_error: string | null;
  delivered_at: Date | null;
}

/** Small delays, so that retries happen in milliseconds. */
const FAST = {
  DELIVERY_RETRY_BASE_MS: '20',
  DELIVERY_POLL_INTERVAL_MS: '25',
  DELIVERY_ATTEMPT_TIMEOUT_MS: '300',
  CONTACT_RATE_LIMIT: '10000',
};

const deliveries = (sut: TestApp): Promise<DeliveryRow[]> =>
  sut.dataSource.query(`SELECT * FROM deliveries WHERE channel = 'sheet' ORDER BY created_at, id`);
const submit = async (sut: TestApp, overrides: Record<string, unknown> = {}): Promise<string> =>
  (await request(sut.server).post('/api/contact').send(contactBody(overrides)).expect(201)).body.id;
const allDelivered = (sut: TestApp, count: number) => async () => {
  const rows = await deliveries(sut);
  return rows.length === count && rows.every((row) => row.status === 'delivered');
};
/** The longest a retry after the `attempt`-th attempt waits, with FAST's base. */
const longestRetryDelayMs = (attempt: number) => retryDelayMs(attempt, Number(FAST.DELIVERY_RETRY_BASE_MS), () => 1);
/**
 * Resolves at a point by which the worker would have sent anything due within `dueWithinMs`
 * from now: a submission made after that moment has had its first attempt (the worker takes
 * the oldest due delivery first). Returns that later submission's id.
 */
const afterALaterAttempt = async (sut: TestApp, dueWithinMs = 0): Promise<string> => {
  const dueBy = Date.now() + dueWithinMs;
  await waitFor('the moment anything earlier is due', () => Date.now() >= dueBy);
  const id = await submit(sut, { name: 'Later', email: 'later@example.com' });
  await waitFor('the first attempt of a later delivery', async () =>
    (await deliveries(sut)).some((row) => row.submission_id === id && row.attempts > 0),
  );
  return id;
};

describe('spreadsheet sync', () => {
  let endpoint: FakeSheetsEndpoint;
  let sut: TestApp;

  beforeAll(async () => {
    endpoint = await FakeSheetsEndpoint.start();
    sut = await createTestApp({ env: { ...FAST, SHEETS_WEBHOOK_URL: endpoint.url } });
  });
  afterAll(async () => {
    endpoint.releaseHanging();
    await sut.close();
    await endpoint.stop();
  });
  beforeEach(async () => {
    await emptySubmissions(sut.dataSource);
    endpoint.received.length = 0;
    endpoint.answer = () => 200;
    await endpoint.restart().catch(() => undefined); // a test may have closed the port
  });

  it('delivers a stored submission: its fields, id and submittedAt as JSON', async () => {
    const id = await submit(sut);

    await waitFor('the delivery', allDelivered(sut, 1));
    const [{ submitted_at: submittedAt }] = await sut.dataSource.query('SELECT submitted_at FROM contact_submissions');
    expect(endpoint.posts).toHaveLength(1);
    const [post] = endpoint.posts;
    expect(post.contentType).toBe('application/json; charset=utf-8');
    expect(JSON.parse(post.body)).toEqual({
      id,
      submittedAt: submittedAt.toISOString(),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      linkedin: 'https://www.linkedin.com/in/ada',
      company: 'Analytical Engines',
      interest: 'empower-team',
      comments: 'We hire twenty engineers a quarter.',
    });
    expect([...post.query.keys()]).toEqual([]); // no secret: unsigned
    const [row] = await deliveries(sut);
    expect(row).toMatchObject({ submission_id: id, status: 'delivered', attempts: 1, last_error: null });
    expect(row.delivered_at).toBeInstanceOf(Date);
  });

  it('sends empty optional fields as null', async () => {
    await request(sut.server)
      .post('/api/contact')
      .send({ name: 'Grace', email: 'grace@example.com', interest: 'community' })
      .expect(201);

    await waitFor('the delivery', allDelivered(sut, 1));
    expect(JSON.parse(endpoint.posts[0].body)).toMatchObject({ linkedin: null, company: null, comments: null });
  });

  it('queues nothing for a filled honeypot', async () => {
    await submit(sut, { website: 'https://spam.example' });

    const later = await afterALaterAttempt(sut);
    expect((await deliveries(sut)).map((row) => row.submission_id)).toEqual([later]);
    expect(endpoint.postedIds).toEqual([later]);
  });

  it('counts a 302 answer as delivered when the redirected GET succeeds', async () => {
    endpoint.answer = (req) => (req.method === 'POST' ? 'redirect' : 200);

    await submit(sut);

    await waitFor('the delivery', allDelivered(sut, 1));
    expect(endpoint.received.map((req) => `${req.method} ${req.path}`)).toEqual(['POST /exec', 'GET /result']);
    expect((await deliveries(sut))[0].attempts).toBe(1);
  });

  it('does not count a 302 as delivered when the redirected GET fails, and tries again', async () => {
    let gets = 0;
    endpoint.answer = (req) => (req.method === 'POST' ? 'redirect' : ++gets === 1 ? 500 : 200);

    await submit(sut);

    await waitFor('the delivery', allDelivered(sut, 1));
    expect(endpoint.received.map((req) => `${req.method} ${req.path}`)).toEqual([
      'POST /exec',
      'GET /result',
      'POST /exec',
      'GET /result',
    ]);
    expect((await deliveries(sut))[0]).toMatchObject({ attempts: 2, last_error: null });
  });

  it.each([408, 429, 500, 503])('retries after a %i answer', async (status) => {
    let calls = 0;
    endpoint.answer = () => (++calls === 1 ? status : 200);

    const id = await submit(sut);

    await waitFor('the delivery', allDelivered(sut, 1));
    expect(endpoint.postedIds).toEqual([id, id]);
    expect((await deliveries(sut))[0].attempts).toBe(2);
  });

  it.each([400, 404, 410])('marks the delivery failed at once on a %i answer, without retrying', async (status) => {
    endpoint.answer = () => status;

    const id = await submit(sut);

    await waitFor('the failure', async () => (await deliveries(sut))[0]?.status === 'failed');
    const [row] = await deliveries(sut);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(new RegExp(`^HTTP ${status}`));
    const later = await afterALaterAttempt(sut, longestRetryDelayMs(1));
    expect(endpoint.postedIds).toEqual([id, later]);
    expect((await deliveries(sut))[0].status).toBe('failed');
  });

  it('marks the delivery failed at once when the script refuses it (200 with {"ok": false})', async () => {
    endpoint.answer = () => 'refuse';

    const id = await submit(sut);

    await waitFor('the failure', async () => (await deliveries(sut))[0]?.status === 'failed');
    expect((await deliveries(sut))[0]).toMatchObject({ attempts: 1, last_error: 'refused by the endpoint: bad signature' });
    const later = await afterALaterAttempt(sut, longestRetryDelayMs(1));
    expect(endpoint.postedIds).toEqual([id, later]);
  });

  it('retries when the script asks for it (200 with {"ok": false, "retry": true})', async () => {
    let calls = 0;
    endpoint.answer = () => (++calls === 1 ? 'busy' : 200);

    const id = await submit(sut);

    await waitFor('the delivery', allDelivered(sut, 1));
    expect(endpoint.postedIds).toEqual([id, id]);
  });

  it('shows its deliveries to an admin, flags a day of failures, and sends one again as it was', async () => {
    const admin = await signedInAgent(sut);
    endpoint.answer = () => 400;
    const id = await submit(sut);
    await waitFor('the failure', async () => (await deliveries(sut))[0]?.status === 'failed');

    const [failed] = (await admin.get('/api/admin/spreadsheet/deliveries').expect(200)).body;
    expect(failed).toMatchObject({ event: 'append', state: 'failed', attempts: 1, lastStatus: 400, deliveredAt: null });
    expect(failed.lastError).toMatch(/^HTTP 400/);
    expect((await admin.get('/api/admin/spreadsheet').expect(200)).body).toEqual({ configured: true, failingSince: null });
    await sut.dataSource.query(`UPDATE deliveries SET created_at = now() - interval '25 hours'`);
    expect((await admin.get('/api/admin/spreadsheet').expect(200)).body.failingSince).not.toBeNull();

    endpoint.answer = () => 200;
    await admin.post(`/api/admin/spreadsheet/deliveries/${id}/redeliver`).expect(404); // a submission's id is not a delivery's
    const again = await admin.post(`/api/admin/spreadsheet/deliveries/${failed.id}/redeliver`).expect(202);
    expect(again.body).toMatchObject({ id: failed.id, state: 'pending', attempts: 0, lastError: null });
    await waitFor('the delivery sent again', allDelivered(sut, 1));
    expect(endpoint.postedIds).toEqual([id, id]);
    expect((await admin.get('/api/admin/spreadsheet').expect(200)).body.failingSince).toBeNull();
    expect(
      await sut.dataSource.query(`SELECT actor, action, submission_id FROM audit_events WHERE action = 'redeliver'`),
    ).toEqual([{ actor: 'admin', action: 'redeliver', submission_id: id }]);
  });

  it('counts a 2xx answer without a JSON body as delivered', async () => {
    endpoint.answer = () => 204;

    await submit(sut);

    await waitFor('the delivery', allDelivered(sut, 1));
  });

  it('gets every submission delivered once the endpoint recovers from 500s, timeouts and a closed port', async () => {
    endpoint.answer = () => 500;
    const ids = [
      await submit(sut, { name: 'First' }),
      await submit(sut, { name: 'Second' }),
      await submit(sut, { name: 'Third' }),
    ];
    const errors = async () => (await deliveries(sut)).map((row) => row.last_error ?? '');

    await waitFor('500s', async () => (await errors()).every((error) => error.startsWith('HTTP 500')));
    endpoint.answer = () => 'hang';
    await waitFor('a timeout', async () => (await errors()).some((error) => error === 'timed out after 300 ms'));
    await endpoint.stop();
    await waitFor('a refused connection', async () => (await errors()).some((error) => error === 'network error: ECONNREFUSED'));
    expect((await deliveries(sut)).every((row) => row.status === 'pending')).toBe(true);

    endpoint.answer = () => 200;
    await endpoint.restart();

    await waitFor('every delivery', allDelivered(sut, 3));
    const delivered = endpoint.posts
      .filter((_, index) => index >= endpoint.posts.length - 3)
      .map((req) => JSON.parse(req.body).id);
    expect(delivered.sort()).toEqual([...ids].sort());
    expect((await deliveries(sut)).every((row) => row.attempts > 1)).toBe(true);
  });
});

describe('spreadsheet sync and the contact answer', () => {
  let endpoint: FakeSheetsEndpoint;
  let sut: TestApp;

  beforeAll(async () => {
    endpoint = await FakeSheetsEndpoint.start();
    // Each attempt may take 5 s: an answer that waited for the delivery would take as long.
    sut = await createTestApp({ env: { ...FAST, DELIVERY_ATTEMPT_TIMEOUT_MS: '5000', SHEETS_WEBHOOK_URL: endpoint.url } });
  });
  afterAll(async () => {
    endpoint.releaseHanging();
    await sut.close();
    await endpoint.stop();
  });

  const timed = async (): Promise<number> => {
    const started = Date.now();
    await submit(sut);
    return Date.now() - started;
  };

  it('comes at once while the endpoint hangs', async () => {
    endpoint.answer = () => 'hang';

    const first = await timed();
    await waitFor('the attempt in flight', () => endpoint.hangingCount === 1);
    const second = await timed();

    expect(endpoint.hangingCount).toBe(1);
    // An answer that waited for the hanging attempt would take its 5 s.
    expect(first).toBeLessThan(4000);
    expect(second).toBeLessThan(4000);
    endpoint.answer = () => 200;
    endpoint.releaseHanging();
    await waitFor('both deliveries', allDelivered(sut, 2));
  });

  it('is a success while the endpoint is down', async () => {
    await endpoint.stop();

    const id = await submit(sut);

    await waitFor('a refused attempt', async () =>
      (await deliveries(sut)).some((row) => row.last_error === 'network error: ECONNREFUSED'),
    );
    expect(await sut.dataSource.query('SELECT id FROM contact_submissions WHERE id = $1', [id])).toHaveLength(1);
  });
});

describe('spreadsheet sync with a secret', () => {
  const SECRET = 'a-long-shared-secret-for-the-script';
  let endpoint: FakeSheetsEndpoint;
  let sut: TestApp;

  beforeAll(async () => {
    endpoint = await FakeSheetsEndpoint.start();
    sut = await createTestApp({
      env: { ...FAST, SHEETS_WEBHOOK_URL: `${endpoint.url}?sheet=Leads`, SHEETS_WEBHOOK_SECRET: SECRET },
    });
  });
  afterAll(async () => {
    await sut.close();
    await endpoint.stop();
  });

  it('signs each request: HMAC-SHA256 over "<delivery>.<timestamp>.<body>" in the query string', async () => {
    await submit(sut);

    await waitFor('the delivery', allDelivered(sut, 1));
    const [post] = endpoint.posts;
    const [row] = await deliveries(sut);
    const query = Object.fromEntries(post.query);
    expect(query).toEqual({
      sheet: 'Leads',
      delivery: row.id,
      timestamp: expect.stringMatching(/^\d+$/),
      signature: expect.any(String),
    });
    expect(Math.abs(Number(query.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHmac('sha256', SECRET).update(`${row.id}.${query.timestamp}.${post.body}`).digest('hex');
    expect(query.signature).toBe(expected);
  });
});

describe('spreadsheet sync giving up', () => {
  let endpoint: FakeSheetsEndpoint;
  let sut: TestApp;

  beforeAll(async () => {
    endpoint = await FakeSheetsEndpoint.start();
    sut = await createTestApp({ env: { ...FAST, SHEETS_WEBHOOK_URL: endpoint.url, DELIVERY_MAX_ATTEMPTS: '3' } });
  });
  afterAll(async () => {
    await sut.close();
    await endpoint.stop();
  });

  it('keeps the delivery as failed, with the reason, after the last attempt', async () => {
    endpoint.answer = () => 503;
    const id = await submit(sut);

    await waitFor('the failure', async () => (await deliveries(sut))[0]?.status === 'failed');
    const [row] = await deliveries(sut);
    expect(row).toMatchObject({
      submission_id: id,
      attempts: 3,
      last_error: 'HTTP 503 Service Unavailable (gave up after 3 attempts)',
    });
    const later = await afterALaterAttempt(sut, longestRetryDelayMs(3));
    expect(endpoint.postedIds.filter((posted) => posted !== later)).toEqual([id, id, id]);
  });
});

describe('spreadsheet sync on two app instances sharing a database', () => {
  let endpoint: FakeSheetsEndpoint;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    endpoint = await FakeSheetsEndpoint.start();
    const databaseUrl = await createTestDatabase();
    // The normal case: no attempt times out, however busy the machine.
    const env = { ...FAST, DELIVERY_ATTEMPT_TIMEOUT_MS: '5000', SHEETS_WEBHOOK_URL: endpoint.url };
    apps.push(await createTestApp({ databaseUrl, env }), await createTestApp({ databaseUrl, env }));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await endpoint.stop();
  });

  it('delivers each submission once', async () => {
    // Slow answers (up to 60 ms) keep each attempt in flight while the other instance polls.
    endpoint.answer = () => 'hang';
    const answering = setInterval(() => endpoint.releaseHanging(), 60);
    const ids: string[] = [];

    try {
      for (let index = 0; index < 10; index += 1) ids.push(await submit(apps[index % 2], { name: `Lead ${index}` }));
      await waitFor('every delivery', allDelivered(apps[0], 10));
      // A second sending of one of them would have come by the time each instance has taken a later one.
      ids.push(await afterALaterAttempt(apps[0]), await afterALaterAttempt(apps[1]));
    } finally {
      clearInterval(answering);
    }
    expect((await deliveries(apps[0])).map((row) => row.attempts)).toEqual(Array(12).fill(1));
    expect([...endpoint.postedIds].sort()).toEqual([...ids].sort());
  });
});

describe('spreadsheet sync on shutdown', () => {
  it('lets the attempt in flight finish and records it before the app closes', async () => {
    const endpoint = await FakeSheetsEndpoint.start();
    const sut = await createTestApp({ env: { ...FAST, DELIVERY_ATTEMPT_TIMEOUT_MS: '5000', SHEETS_WEBHOOK_URL: endpoint.url } });
    endpoint.answer = () => 'hang';
    await submit(sut);
    await waitFor('an attempt in flight', () => endpoint.hangingCount === 1);

    // Answered only once the app has begun to close: its worker told to stop, the attempt still in flight.
    const worker = sut.app.get(DeliveryWorker);
    const stopWorker = worker.beforeApplicationShutdown.bind(worker);
    let stopping = false;
    worker.beforeApplicationShutdown = () => {
      stopping = true;
      return stopWorker();
    };
    const closing = sut.close();
    await waitFor('the worker told to stop', () => stopping);
    endpoint.releaseHanging();
    await closing;

    const client = new pg.Client({ connectionString: sut.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT status, attempts FROM deliveries WHERE channel = 'sheet'`);
      expect(rows).toEqual([{ status: 'delivered', attempts: 1 }]);
    } finally {
      await client.end();
      await endpoint.stop();
    }
  });
});

describe('spreadsheet sync turned off (SHEETS_WEBHOOK_URL unset)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('stores the submission and queues no delivery', async () => {
    await submit(sut);

    expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toHaveLength(1);
    expect(await deliveries(sut)).toEqual([]);
    const admin = await signedInAgent(sut);
    expect((await admin.get('/api/admin/spreadsheet').expect(200)).body).toEqual({ configured: false, failingSince: null });
    await admin.post('/api/admin/spreadsheet/deliveries/00000000-0000-4000-8000-000000000000/redeliver').expect(409);
  });
});
