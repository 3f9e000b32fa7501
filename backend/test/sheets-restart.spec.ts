import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { contactBody } from './support/contacts.js';
import { FakeSheetsEndpoint, waitFor } from './support/sheets-endpoint.js';
import { type ApiProcess, buildApi, freePort, startApiProcess } from './support/api-process.js';
import { createTestDatabase } from './support/test-app.js';

/**
 * The built API as a process of its own, as in production, so that it can be killed hard.
 */
describe('spreadsheet sync across a crash of the API (SIGKILL)', () => {
  let endpoint: FakeSheetsEndpoint;
  let databaseUrl: string;
  let apiPort: number;
  let api: ApiProcess | undefined;
  let db: pg.Client;

  // The same port across the restart, as a restarted container keeps its address.
  const startApi = () =>
    startApiProcess(
      {
        DATABASE_URL: databaseUrl,
        SHEETS_WEBHOOK_URL: endpoint.url,
        DELIVERY_RETRY_BASE_MS: '50',
        DELIVERY_POLL_INTERVAL_MS: '50',
        // A delivery claimed when the API is killed waits for its lease (this plus 5 s) to end.
        DELIVERY_ATTEMPT_TIMEOUT_MS: '2000',
      },
      apiPort,
    );

  beforeAll(async () => {
    // The code under test as `npm run build` makes it.
    await buildApi();
    endpoint = await FakeSheetsEndpoint.start();
    databaseUrl = await createTestDatabase();
    apiPort = await freePort();
    db = new pg.Client({ connectionString: databaseUrl });
  }, 120_000);
  afterAll(async () => {
    if (api) await api.stop('SIGKILL');
    await db.end().catch(() => undefined);
    await endpoint.stop();
  });

  it('delivers a submission answered 201 just before the kill, once the API is back', async () => {
    // The endpoint is down: nothing can reach it before the kill.
    await endpoint.stop();
    api = await startApi();

    const res = await fetch(`${api.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contactBody()),
    });
    expect(res.status).toBe(201);
    await api.stop('SIGKILL');
    const { id } = (await res.json()) as { id: string };

    await db.connect();
    const { rows } = await db.query(`SELECT status FROM deliveries WHERE channel = 'sheet' AND submission_id = $1`, [id]);
    expect(rows).toEqual([{ status: 'pending' }]);
    expect(endpoint.received).toEqual([]);

    await endpoint.restart();
    api = await startApi();

    await waitFor('the delivery after the restart', () => endpoint.postedIds.includes(id), 15_000);
    await waitFor('the delivery to be recorded', async () => {
      const { rows: after } = await db.query(`SELECT status FROM deliveries WHERE channel = 'sheet' AND submission_id = $1`, [
        id,
      ]);
      return after[0]?.status === 'delivered';
    });
    expect(endpoint.postedIds).toEqual([id]);
  }, 60_000);
});
