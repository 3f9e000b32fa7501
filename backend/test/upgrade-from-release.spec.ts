import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import request from 'supertest';
import { MIGRATIONS } from '../src/database/data-source.js';
import { databaseContents, loadSqlDump, rowCounts, type Contents } from './support/database-contents.js';
import { RELEASE } from './support/release.js';
import { STACK_PASSWORD } from './support/stack.js';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', `release-${RELEASE}.sql`);

/**
 * Tables whose rows are spent by design, so that fewer after the start-up is no loss: the
 * submission deltas are folded into the counts by the rollup, rate-limit windows and
 * idempotency keys expire, sessions expire. Every other table, including any a later
 * migration adds, must keep at least every row it had.
 */
const SPENT_BY_DESIGN = ['contact_submission_deltas', 'rate_limits', 'contact_idempotency_keys', 'user_sessions'];

// The contract's "a database made by the previous release, with data, migrates forward at
// start-up without loss": test/fixtures/release-<RELEASE>.sql, made by that release's API
// (tools/make-release-fixture.ts), started on by the current app.
describe(`upgrade from the release ${RELEASE}`, () => {
  let databaseUrl: string;
  let before: Contents;
  let sut: TestApp;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    await loadSqlDump(databaseUrl, FIXTURE);
    before = await databaseContents(databaseUrl);
    sut = await createTestApp({ databaseUrl, env: { ADMIN_EMAIL: 'admin@example.com' } });
  }, 60_000);
  afterAll(() => sut?.close());

  it('starts from a release database that holds data (or the test would prove little)', () => {
    const counts = rowCounts(before);
    for (const table of ['contact_submissions', 'users', 'contact_notes', 'audit_events', 'deliveries', 'migrations']) {
      expect([table, counts[table]]).toEqual([table, expect.any(Number)]);
      expect(counts[table]).toBeGreaterThan(0);
    }
  });

  it('applies every migration since, under the start-up lock', async () => {
    const applied = await sut.dataSource.query<Array<{ name: string }>>('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it('loses no row: every table keeps at least the rows it had', async () => {
    const after = rowCounts(await databaseContents(databaseUrl));
    const lost = Object.entries(rowCounts(before))
      .filter(([table, rows]) => !SPENT_BY_DESIGN.includes(table) && !((after[table] ?? -1) >= rows))
      .map(([table, rows]) => `${table}: ${rows} before, ${after[table] ?? 'no table'} after`);
    expect(lost).toEqual([]);
  });

  it('serves the old data: the old team signs in, lists the leads, opens one with its notes and history', async () => {
    const ida = request.agent(sut.server);
    await ida.post('/api/auth/login').send({ username: 'ida', password: STACK_PASSWORD }).expect(200);

    const leads = before.contact_submissions.rows;
    const all = await ida.get('/api/admin/contacts?status=new,contacted,qualified,archived,spam&limit=100').expect(200);
    expect(all.body).toHaveLength(leads);
    const worked = all.body.find((lead: { status: string }) => lead.status === 'contacted');
    const { body: detail } = await ida.get(`/api/admin/contacts/${worked.id}`).expect(200);
    expect(detail).toMatchObject({ statusChangedBy: 'mia', utmSource: 'newsletter', consentVersion: 'c0ffee12' });
    expect(detail.notes.map((note: { body: string }) => note.body)).toEqual(['Tuesday it is.', 'Called her: call back Tuesday.']);
    expect(detail.history.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['assign', 'status']));

    // The analytics still count the old leads (spam aside), whatever became of their deltas.
    const { body: analytics } = await ida.get('/api/admin/analytics').expect(200);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const notSpam = (await client.query(`SELECT count(*)::int AS n FROM contact_submissions WHERE status <> 'spam'`)).rows[0].n;
    await client.end();
    expect(analytics.total).toBe(notSpam);
  });
});
