import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ResponseTimeScan } from '../src/response-time/response-time-scan.service.js';
import { freePort } from './support/api-process.js';
import { contactBody } from './support/contacts.js';
import { openEventStream, signInCookie } from './support/event-stream.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

/** The person of the test's lead: none of it may reach the metrics. */
const PERSON = { name: 'Zebediah Quirrell', email: 'zebediah.quirrell@metrics-test.example' };
const CLIENT_IP = '203.0.113.77';
const SPAM = {
  name: 'Cheap Viagra',
  email: 'sales@pharma.example',
  company: undefined,
  linkedin: undefined,
  comments: 'Buy viagra and cialis online, no prescription: https://pharma.example https://pharma.example/order',
};

/** GET /metrics as Prometheus does. */
async function scrape(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series (`name{labels}` exactly as the text writes it), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Listening TCP servers of this process (the supertest servers never listen). */
const listeners = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;

/** The API's metrics on a port of its own, scraped over HTTP as Prometheus would. */
describe('Prometheus metrics', () => {
  let sut: TestApp;
  let port: number;
  let leadId: string;

  beforeAll(async () => {
    port = await freePort();
    // The spreadsheet copy goes to a closed port: it stays pending (retried in 30 s).
    const closed = await freePort();
    sut = await createTestApp({
      env: {
        METRICS_PORT: String(port),
        HOST: '127.0.0.1',
        SPAM_FILTER: 'on',
        SHEETS_WEBHOOK_URL: `http://127.0.0.1:${closed}/sheet`,
      },
    });
    leadId = (
      await request(sut.server).post('/api/contact').set('X-Forwarded-For', CLIENT_IP).send(contactBody(PERSON)).expect(201)
    ).body.id;
  });
  afterAll(() => sut.close());

  it('times requests by route template and status, the unmatched ones and the refused ones included', async () => {
    await request(sut.server).get(`/api/no-such-thing/${leadId}?email=${PERSON.email}`).expect(404);
    await request(sut.server).get('/api/admin/contacts').expect(401);
    const admin = await signedInAgent(sut);
    await admin.get(`/api/admin/contacts/${leadId}`).expect(200);
    await admin.get('/api/admin/contacts/not-a-uuid').expect(404);
    await request(sut.server).post('/api/contact').set('Content-Type', 'application/json').send('{"name":').expect(400);

    const text = await scrape(port);
    const count = (labels: string) => sample(text, `lead_capture_http_request_duration_seconds_count{${labels}}`);
    expect(count('method="POST",route="/api/contact",status_code="201"')).toBe(1);
    expect(count('method="GET",route="unmatched",status_code="404"')).toBe(1);
    expect(count('method="GET",route="/api/admin/contacts",status_code="401"')).toBe(1);
    expect(count('method="GET",route="/api/admin/contacts/:id",status_code="200"')).toBe(1);
    expect(count('method="GET",route="/api/admin/contacts/:id",status_code="404"')).toBe(1);
    // A body that is not JSON is refused before routing.
    expect(count('method="POST",route="unmatched",status_code="400"')).toBe(1);
    // Buckets from 5 ms to 5 s, cumulative.
    const bucket = (le: string) =>
      sample(
        text,
        `lead_capture_http_request_duration_seconds_bucket{le="${le}",method="POST",route="/api/contact",status_code="201"}`,
      );
    expect(bucket('0.005')).toBeLessThanOrEqual(1);
    expect(bucket('5')).toBeLessThanOrEqual(1);
    expect(bucket('+Inf')).toBe(1);
  });

  it('counts the leads stored, and the held ones by spam reason', async () => {
    const before = await scrape(port);
    expect(sample(before, 'lead_capture_leads_stored_total{held="false"}')).toBe(1);
    expect(sample(before, 'lead_capture_leads_held_as_spam_total{reason="links"}')).toBe(0);

    await request(sut.server).post('/api/contact').set('X-Forwarded-For', '198.51.100.9').send(contactBody(SPAM)).expect(201);

    const after = await scrape(port);
    expect(sample(after, 'lead_capture_leads_stored_total{held="false"}')).toBe(1);
    expect(sample(after, 'lead_capture_leads_stored_total{held="true"}')).toBe(1);
    expect(sample(after, 'lead_capture_leads_held_as_spam_total{reason="links"}')).toBe(1);
    expect(sample(after, 'lead_capture_leads_held_as_spam_total{reason="spam-words"}')).toBe(1);
    expect(sample(after, 'lead_capture_leads_held_as_spam_total{reason="captcha-failed"}')).toBe(0);
  });

  it('reads the outbox: pending and failed deliveries by channel, and the oldest pending one', async () => {
    const text = await scrape(port);
    expect(sample(text, 'lead_capture_deliveries_pending{channel="sheet"}')).toBe(1);
    expect(sample(text, 'lead_capture_deliveries_failed{channel="sheet"}')).toBe(0);
    expect(sample(text, 'lead_capture_deliveries_oldest_pending_age_seconds{channel="sheet"}')).toBeGreaterThanOrEqual(0);

    // The copy kept as failed, an hour old, as the worker leaves it after its last attempt.
    await sut.dataSource.query(
      `UPDATE deliveries SET status = 'failed', created_at = now() - interval '1 hour' WHERE channel = 'sheet'`,
    );
    const failed = await scrape(port);
    expect(sample(failed, 'lead_capture_deliveries_pending{channel="sheet"}')).toBe(0);
    expect(sample(failed, 'lead_capture_deliveries_failed{channel="sheet"}')).toBe(1);
    expect(sample(failed, 'lead_capture_deliveries_oldest_pending_age_seconds{channel="sheet"}')).toBe(0);

    await sut.dataSource.query(`UPDATE deliveries SET status = 'pending' WHERE channel = 'sheet'`);
    const old = await scrape(port);
    expect(sample(old, 'lead_capture_deliveries_oldest_pending_age_seconds{channel="sheet"}')).toBeGreaterThanOrEqual(3600);
  });

  it('shows the open event streams, the database pool and Node', async () => {
    sut.server.listen(0, '127.0.0.1');
    await once(sut.server, 'listening');
    const baseUrl = `http://127.0.0.1:${(sut.server.address() as AddressInfo).port}`;
    const stream = await openEventStream(`${baseUrl}/api/admin/events`, await signInCookie(baseUrl));
    try {
      await stream.next('the retry line', (message) => message.retry !== undefined);
      const text = await scrape(port);
      expect(sample(text, 'lead_capture_event_streams_open')).toBe(1);
      expect(sample(text, 'lead_capture_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'lead_capture_db_pool_connections_idle')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'lead_capture_db_pool_waiting')).toBe(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    } finally {
      stream.close();
      await stream.ended;
    }
  });

  it('counts the escalations of leads past their response target', async () => {
    await sut.dataSource.query(`UPDATE contact_submissions SET response_due_at = now() - interval '1 minute' WHERE id = $1`, [
      leadId,
    ]);
    await sut.app.get(ResponseTimeScan).scan();
    expect(sample(await scrape(port), 'lead_capture_escalations_total')).toBe(1);
  });

  it('holds no personal data: no name, e-mail, client IP, lead id nor raw path', async () => {
    const text = await scrape(port);
    for (const secret of [
      PERSON.name,
      PERSON.email,
      'metrics-test.example',
      CLIENT_IP,
      leadId,
      'not-a-uuid',
      'no-such-thing',
      SPAM.email,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/api/contact`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('a second app in the same process counts on its own; METRICS_PORT=0 starts no server', async () => {
    const listening = listeners();
    const other = await createTestApp({ databaseUrl: sut.databaseUrl, env: { METRICS_PORT: '0' } });
    try {
      expect(listeners()).toBe(listening);
      await request(other.server).get('/api/health/live').expect(200);
      const text = await scrape(port);
      expect(text).not.toContain('route="/api/health/live"');
    } finally {
      await other.close();
    }
  });

  it('stops serving the metrics when the app closes', async () => {
    const ownPort = await freePort();
    const own = await createTestApp({ databaseUrl: sut.databaseUrl, env: { METRICS_PORT: String(ownPort), HOST: '127.0.0.1' } });
    await scrape(ownPort);
    await own.close();
    await expect(fetch(`http://127.0.0.1:${ownPort}/metrics`)).rejects.toThrow();
  });
});
