import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Clock } from '../src/common/clock.js';
import { RetentionService } from '../src/erasure/retention.service.js';
import request from 'supertest';
import { emptySubmissions, seedSubmissions } from './support/seed.js';
import { FakeSheetsEndpoint, waitFor } from './support/sheets-endpoint.js';
import { createTestApp, createTestDatabase, signedInAgent, type TestApp, type TestAppOptions } from './support/test-app.js';

const DAY = 86_400_000;

/** A clock the test moves by hand. */
class FakeClock {
  current = new Date('2026-11-15T03:00:00Z');
  now(): Date {
    return this.current;
  }
}

describe('RETENTION_DAYS', () => {
  let endpoint: FakeSheetsEndpoint;
  let clock: FakeClock;
  let sut: TestApp;
  let replica: TestApp;

  beforeAll(async () => {
    endpoint = await FakeSheetsEndpoint.start();
    clock = new FakeClock();
    const databaseUrl = await createTestDatabase();
    const env = { RETENTION_DAYS: '30', SHEETS_WEBHOOK_URL: endpoint.url, DELIVERY_POLL_INTERVAL_MS: '25' };
    const withClock: TestAppOptions = {
      env,
      databaseUrl,
      override: (builder) => builder.overrideProvider(Clock).useValue(clock),
    };
    sut = await createTestApp(withClock);
    replica = await createTestApp(withClock);
  });
  afterAll(async () => {
    await Promise.all([sut.close(), replica.close()]);
    await endpoint.stop();
  });
  beforeEach(async () => {
    await emptySubmissions(sut.dataSource, 'retention_runs', 'audit_events');
    endpoint.received.length = 0;
  });

  const ago = (days: number) => new Date(clock.current.getTime() - days * DAY);
  const remaining = async () =>
    (await sut.dataSource.query('SELECT id FROM contact_submissions ORDER BY submitted_at')).map((row: { id: string }) => row.id);

  it('tells visitors the limit through GET /api/privacy, signed out', async () => {
    const res = await request(sut.server).get('/api/privacy').expect(200);

    expect(res.body).toEqual({ retentionDays: 30 });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('erases the submissions older than the limit, once a day, on one replica', async () => {
    const [old, older] = await seedSubmissions(sut.dataSource, [{ submittedAt: ago(31) }, { submittedAt: ago(400) }]);
    const [recent, edge] = await seedSubmissions(sut.dataSource, [{ submittedAt: ago(1) }, { submittedAt: ago(29.9) }]);

    // Both replicas try at once: one holds the lock and erases, the other does nothing.
    const results = await Promise.all([sut.app.get(RetentionService).runIfDue(), replica.app.get(RetentionService).runIfDue()]);

    expect(results.sort()).toEqual([2, null]);
    expect((await remaining()).sort()).toEqual([edge, recent].sort());
    await waitFor('the erase delivery', () => endpoint.posts.length === 1);
    expect(JSON.parse(endpoint.posts[0].body)).toEqual({ action: 'erase', ids: [old, older].sort() });

    expect(await sut.dataSource.query(`SELECT actor, submission_id, detail FROM audit_events WHERE action = 'erase'`)).toEqual([
      { actor: null, submission_id: null, detail: { ids: [old, older].sort(), count: 2, by: 'retention' } },
    ]);

    // Later the same day: done already, even with more to erase.
    await seedSubmissions(sut.dataSource, [{ submittedAt: ago(45) }]);
    clock.current = new Date(clock.current.getTime() + 20 * 3_600_000);
    expect(await sut.app.get(RetentionService).runIfDue()).toBeNull();
    expect(await remaining()).toHaveLength(3);

    // The next day (UTC): it runs again, and the edge row has aged out meanwhile.
    clock.current = new Date(clock.current.getTime() + 4 * 3_600_000);
    expect(await replica.app.get(RetentionService).runIfDue()).toBe(2);
    expect(await remaining()).toEqual([recent]);
  });

  it('erases in chunks, every one of them', async () => {
    await seedSubmissions(
      sut.dataSource,
      Array.from({ length: 2500 }, (_, index) => ({ submittedAt: ago(40 + index / 100) })),
    );
    await seedSubmissions(sut.dataSource, [{ submittedAt: ago(2) }]);

    expect(await sut.app.get(RetentionService).runIfDue()).toBe(2500);

    expect(await remaining()).toHaveLength(1);
    const erases = await sut.dataSource.query(
      `SELECT jsonb_array_length(payload->'ids') AS n FROM deliveries WHERE event = 'erase'`,
    );
    expect(erases.map((row: { n: number }) => row.n).sort()).toEqual([1000, 1000, 500]);
    const admin = await signedInAgent(sut);
    expect((await admin.get('/api/admin/analytics').expect(200)).body.total).toBe(1);
  });
});

describe('without RETENTION_DAYS', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('keeps every lead, and erases only the held spam past SPAM_RETENTION_DAYS', async () => {
    const [kept, marked, held, recent] = await seedSubmissions(sut.dataSource, [
      { submittedAt: new Date('2001-01-01T00:00:00Z') },
      { submittedAt: new Date('2001-01-01T00:00:00Z'), status: 'spam' },
      { submittedAt: new Date('2001-01-01T00:00:00Z'), status: 'spam' },
      { submittedAt: new Date(Date.now() - 29 * 86_400_000), status: 'spam' },
    ]);
    await sut.dataSource.query('UPDATE contact_submissions SET held_as_spam = true WHERE id = ANY($1)', [[held, recent]]);

    expect(await sut.app.get(RetentionService).runIfDue()).toBe(1);

    const left = await sut.dataSource.query<Array<{ id: string }>>('SELECT id FROM contact_submissions ORDER BY id');
    expect(left.map((row) => row.id).sort()).toEqual([kept, marked, recent].sort());
    expect((await request(sut.server).get('/api/privacy').expect(200)).body).toEqual({ retentionDays: null });
  });
});
