import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { newWebhookSecret } from '../src/webhooks/webhook-signature.js';
import { contactBody } from './support/contacts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type ApiProcess, buildApi, postContacts, startApiProcess } from './support/api-process.js';
import { createTestDatabase } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const LEADS = 10;

/** The built API as a process of its own, killed hard (SIGKILL) while a delivery is in flight. */
describe('webhooks across a crash of the API (SIGKILL mid-delivery)', () => {
  let receiver: WebhookReceiver;
  let databaseUrl: string;
  let api: ApiProcess | undefined;
  let db: pg.Client;
  const secret = newWebhookSecret();

  const startApi = () =>
    startApiProcess({
      DATABASE_URL: databaseUrl,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DELIVERY_RETRY_BASE_MS: '50',
      DELIVERY_POLL_INTERVAL_MS: '50',
      // A delivery cut short waits for its lease to end: this plus 5 s.
      DELIVERY_ATTEMPT_TIMEOUT_MS: '3000',
      CONTACT_RATE_LIMIT: '1000',
    });

  beforeAll(async () => {
    await buildApi();
    receiver = await WebhookReceiver.start();
    databaseUrl = await createTestDatabase();
    db = new pg.Client({ connectionString: databaseUrl });
  }, 120_000);
  afterAll(async () => {
    if (api) await api.stop('SIGKILL');
    await db.end().catch(() => undefined);
    receiver.releaseHanging();
    await receiver.stop();
  });

  it('delivers every lead after the restart, at most one duplicate each, with a stable webhook-id', async () => {
    api = await startApi();
    await db.connect();
    await db.query(`INSERT INTO webhook_endpoints (url, events, secret) VALUES ($1, '{lead.created}', $2)`, [
      receiver.url,
      secret,
    ]);
    // Every attempt hangs until the kill: the API dies with deliveries in flight.
    let killed = false;
    receiver.answer = () => (killed ? 200 : 'hang');

    const statuses = await postContacts(api.url, LEADS, (i) => contactBody({ email: `lead${i}@example.com` }));
    expect(statuses).toEqual(Array(LEADS).fill(201));
    await waitFor('deliveries in flight', () => receiver.hangingCount >= 1);
    await api.stop('SIGKILL');
    killed = true;
    receiver.releaseHanging();
    const { rows: left } = await db.query(`SELECT count(*)::int AS n FROM deliveries WHERE channel = 'webhook'`);
    expect(left).toEqual([{ n: LEADS }]);

    api = await startApi();
    await waitFor(
      'every delivery recorded as delivered',
      async () =>
        (await db.query(`SELECT id FROM deliveries WHERE channel = 'webhook' AND status = 'delivered'`)).rows.length === LEADS,
      30_000,
    );

    const posts = receiver.verified(secret);
    const byLead = new Map<string | undefined, typeof posts>();
    for (const post of posts) byLead.set(post.json.data?.id, [...(byLead.get(post.json.data?.id) ?? []), post]);
    expect(byLead.size).toBe(LEADS);
    for (const copies of byLead.values()) {
      expect(copies.length).toBeLessThanOrEqual(2);
      expect(new Set(copies.map((post) => post.headers['webhook-id'])).size).toBe(1);
    }
    console.log(`webhooks after SIGKILL: ${LEADS} leads, ${posts.length} requests received (${posts.length - LEADS} duplicates)`);
  }, 90_000);
});
