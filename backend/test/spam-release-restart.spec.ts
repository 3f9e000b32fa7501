import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { newWebhookSecret } from '../src/webhooks/webhook-signature.js';
import { contactBody } from './support/contacts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
import { createTestDatabase } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

/** A release committed just before the API is killed (SIGKILL) goes out after the restart, once. */
describe('releasing held spam across a crash of the API', () => {
  let receiver: WebhookReceiver;
  let databaseUrl: string;
  let api: ApiProcess | undefined;
  let db: pg.Client;
  const secret = newWebhookSecret();

  const startApi = () =>
    startApiProcess({
      SPAM_FILTER: 'on',
      DATABASE_URL: databaseUrl,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DELIVERY_POLL_INTERVAL_MS: '50',
    });
  const call = (path: string, init: RequestInit & { cookie?: string }) =>
    fetch(`${api!.url}${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
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
    await receiver.stop();
  });

  it('sends its lead.created once, after the restart', async () => {
    api = await startApi();
    await db.connect();
    await db.query(`INSERT INTO webhook_endpoints (url, events, secret) VALUES ($1, '{lead.created}', $2)`, [
      receiver.url,
      secret,
    ]);
    const body = contactBody({
      name: 'Cheap Viagra',
      comments: 'Buy viagra and cialis online https://a.example https://b.example',
    });
    const { id } = (await (await call('/api/contact', { method: 'POST', body: JSON.stringify(body) })).json()) as { id: string };
    const login = await call('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: 'admin', password: 'admin-dev-password' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    // Nothing reaches the receiver until the kill: the release is committed, not yet delivered.
    let killed = false;
    receiver.answer = () => (killed ? 200 : 'hang');

    expect(
      (await call(`/api/admin/contacts/${id}`, { method: 'PATCH', cookie, body: JSON.stringify({ status: 'new' }) })).status,
    ).toBe(200);
    await api.stop('SIGKILL');
    killed = true;
    receiver.releaseHanging();
    api = await startApi();

    await waitFor(
      'the release delivered',
      async () =>
        (await db.query(`SELECT 1 FROM deliveries WHERE submission_id = $1 AND status = 'delivered'`, [id])).rows.length === 1,
      30_000,
    );
    const created = receiver.verified(secret).filter((post) => post.json.data?.id === id);
    expect(new Set(created.map((post) => post.headers['webhook-id'])).size).toBe(1);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'release' AND submission_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ n: 1 }]);
  }, 120_000);
});
