import { afterAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SubmissionCountsRollup } from '../src/leads/submission-counts-rollup.service.js';
import { dataSourceOptions, MIGRATIONS } from '../src/database/data-source.js';
import { runMigrationsLocked, waitForMigrations } from '../src/database/migrate.js';
import { ContactSubmissionCounts1795328829376 } from '../src/database/migrations/1795328829376-contact-submission-counts.js';
import { ContactSubmissionDeltas1795400000000 } from '../src/database/migrations/1795400000000-contact-submission-deltas.js';
import { UuidIds1795800000000 } from '../src/database/migrations/1795800000000-uuid-ids.js';
import { ContactSubmissionDays1795900000000 } from '../src/database/migrations/1795900000000-contact-submission-days.js';
import { TeamAccounts1796000000000 } from '../src/database/migrations/1796000000000-team-accounts.js';
import request from 'supertest';
import { hashPassword } from '../src/identity/passwords.js';
import { seedSubmissions } from './support/seed.js';
import { Deliveries1796100000000 } from '../src/database/migrations/1796100000000-deliveries.js';
import { CanonicalEmailsAndUsernames1796578357697 } from '../src/database/migrations/1796578357697-canonical-emails-and-usernames.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createTestApp, createTestDatabase, DEV_ADMIN, type TestApp } from './support/test-app.js';

/** Production with no ADMIN_PASSWORD: the start-up touches no account. */
const PRODUCTION_WITHOUT_ADMIN = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-session-secret-of-40-characters' };

describe('migrations', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('run once when two instances start together on an empty database', async () => {
    const databaseUrl = await createTestDatabase();

    apps.push(...(await Promise.all([createTestApp({ databaseUrl }), createTestApp({ databaseUrl })])));

    const applied = await apps[0].dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row: { name: string }) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  it('leave nothing between the entities and the schema (no migration to generate)', async () => {
    const pending = await apps[0].dataSource.driver.createSchemaBuilder().log();

    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('are left to another step when MIGRATE_ON_START is false', async () => {
    const databaseUrl = await createTestDatabase();
    // The schema of the release before the team's accounts, the migrations since left pending.
    const older = MIGRATIONS.slice(0, MIGRATIONS.indexOf(TeamAccounts1796000000000));
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: older }).initialize();
    await before.runMigrations();
    // An account exists, so that a production start leaves it alone (this schema is older than its columns).
    await before.query(`INSERT INTO users (username, password) VALUES ('older', 'x')`);
    await before.destroy();

    const sut = await createTestApp({ databaseUrl, env: { ...PRODUCTION_WITHOUT_ADMIN, MIGRATE_ON_START: 'false' } });
    apps.push(sut);

    const applied = await sut.dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row: { name: string }) => row.name)).toEqual(older.map((migration) => migration.name));
  });

  it("can be waited for by a process that leaves them to another (the pods' init container)", async () => {
    const databaseUrl = await createTestDatabase();
    const waiter = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
    const migrator = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
    try {
      let current = false;
      // Its checks counted: it must have found the migrations pending twice before it can be
      // said to wait (rather than to be slow to return).
      let checks = 0;
      const showMigrations = waiter.showMigrations.bind(waiter);
      waiter.showMigrations = () => showMigrations().finally(() => (checks += 1));
      const waiting = waitForMigrations(waiter, 50).then(() => {
        current = true;
      });
      await waitFor('two checks of the waiter', () => checks >= 2);
      expect(current).toBe(false);

      await runMigrationsLocked(migrator);
      await waiting;
      expect(current).toBe(true);
    } finally {
      await Promise.all([waiter.destroy(), migrator.destroy()]);
    }
  });

  it.each([
    ['the running totals', MIGRATIONS.indexOf(ContactSubmissionCounts1795328829376)],
    ['the delta rows and buckets', MIGRATIONS.indexOf(ContactSubmissionDeltas1795400000000)],
  ])('count the submissions stored before %s existed', async (_, end) => {
    const databaseUrl = await createTestDatabase();
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: MIGRATIONS.slice(0, end) }).initialize();
    await before.runMigrations();
    // The columns of that older schema only (seedSubmissions writes today's).
    await before.query(
      `INSERT INTO contact_submissions (name, email, interest, company, submitted_at) VALUES
         ('Seed 1', 'seed1@example.com', 'partnership', 'Acme', '2026-11-02T10:07:00Z'),
         ('Seed 2', 'seed2@example.com', 'partnership', NULL, '2026-11-02T10:14:00Z')`,
    );
    await before.destroy();

    const sut = await createTestApp({ databaseUrl });
    apps.push(sut);

    expect(await sut.dataSource.query('SELECT interest, submissions, with_company FROM contact_submission_counts')).toEqual([
      { interest: 'partnership', submissions: 2, with_company: 1 },
    ]);
    expect(await sut.dataSource.query('SELECT bucket_start, interest, submissions FROM contact_submission_buckets')).toEqual([
      { bucket_start: new Date('2026-11-02T10:00:00Z'), interest: 'partnership', submissions: 2 },
    ]);
  });

  it('make usernames unique in any letter case (a later case-twin is renamed) and slack endpoints take lead.created only', async () => {
    const databaseUrl = await createTestDatabase();
    const older = MIGRATIONS.slice(0, MIGRATIONS.indexOf(CanonicalEmailsAndUsernames1796578357697));
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: older }).initialize();
    await before.runMigrations();
    const [first, twin] = await before.query<Array<{ id: string }>>(
      `INSERT INTO users (username, password, display_name, role, created_at) VALUES
         ('Sam', 'x', 'Sam', 'admin', '2026-01-01'), ('sam', 'x', 'sam', 'member', '2026-02-01') RETURNING id`,
    );
    // And a slack endpoint saved with events it was never sent.
    await before.query(
      `INSERT INTO webhook_endpoints (url, events, format, secret) VALUES
         ('https://hooks.example.com/s', '{lead.created,lead.updated}', 'slack', 'whsec_x'),
         ('https://hooks.example.com/t', '{lead.created,lead.updated}', 'standard', 'whsec_y')`,
    );
    await before.destroy();

    const sut = await createTestApp({ databaseUrl });
    apps.push(sut);

    const names = await sut.dataSource.query(`SELECT id, username FROM users WHERE id IN ($1, $2) ORDER BY created_at`, [
      first.id,
      twin.id,
    ]);
    expect(names).toEqual([
      { id: first.id, username: 'Sam' },
      { id: twin.id, username: `sam-${twin.id.slice(0, 8)}` },
    ]);
    expect(await sut.dataSource.query(`SELECT format, events FROM webhook_endpoints ORDER BY url`)).toEqual([
      { format: 'slack', events: ['lead.created'] },
      { format: 'standard', events: ['lead.created', 'lead.updated'] },
    ]);
    await expect(sut.dataSource.query(`UPDATE users SET username = 'SAM' WHERE id = $1`, [twin.id])).rejects.toThrow(
      /uq_users_username/,
    );
  });

  it('count in day windows the buckets rolled up before the windows existed', async () => {
    const databaseUrl = await createTestDatabase();
    const older = MIGRATIONS.slice(0, MIGRATIONS.indexOf(ContactSubmissionDays1795900000000));
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: older }).initialize();
    await before.runMigrations();
    await seedSubmissions(before, [
      { submittedAt: new Date('2026-11-02T10:07:00Z'), interest: 'partnership' },
      { submittedAt: new Date('2026-11-02T10:14:00Z'), interest: 'partnership' },
    ]);
    // An account exists, so that the start below (today's code on that older schema) leaves the users table alone.
    await before.query(`INSERT INTO users (username, password) VALUES ('older', 'x')`);
    await before.destroy();
    // The release before, rolling the deltas up into buckets.
    const previous = await createTestApp({ databaseUrl, env: { ...PRODUCTION_WITHOUT_ADMIN, MIGRATE_ON_START: 'false' } });
    await previous.app.get(SubmissionCountsRollup).rollUp();
    await previous.close();

    const sut = await createTestApp({ databaseUrl });
    apps.push(sut);

    // The 24 windows of 24 hours that hold the bucket at 10:00, from 11:00 the day before.
    expect(
      await sut.dataSource.query(
        `SELECT count(*)::int AS windows, min(day_start) AS first, max(day_start) AS last, min(submissions) AS min, max(submissions) AS max
           FROM contact_submission_days`,
      ),
    ).toEqual([{ windows: 24, first: new Date('2026-11-01T11:00:00Z'), last: new Date('2026-11-02T10:00:00Z'), min: 2, max: 2 }]);
  });

  describe('that make every id a uuid', () => {
    const ids = {
      user: '0b9f3c1e-5a7d-4e2b-8c6f-1d2e3f4a5b6c',
      kept: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      erasedBefore: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
      appendDelivery: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
      eraseDelivery: '4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c',
    };
    /** The type of each id column, as PostgreSQL names it (`_uuid`: an array of uuid). */
    const idTypes = (dataSource: DataSource) =>
      dataSource.query(
        `SELECT table_name, column_name, udt_name FROM information_schema.columns
          WHERE (table_name, column_name) IN (('contact_submissions', 'id'), ('users', 'id'), ('sheet_deliveries', 'id'),
                ('sheet_deliveries', 'submission_id'), ('sheet_deliveries', 'erased_ids'),
                ('contact_idempotency_keys', 'submission_id'), ('audit_events', 'submission_id'))
          ORDER BY table_name, column_name`,
      );
    const rows = async (dataSource: DataSource) => ({
      users: await dataSource.query(`SELECT id, username FROM users WHERE username = 'older'`),
      submissions: await dataSource.query('SELECT id, name FROM contact_submissions ORDER BY name'),
      deliveries: await dataSource.query(
        'SELECT id, action, submission_id, erased_ids::text[] AS erased_ids FROM sheet_deliveries ORDER BY action',
      ),
      keys: await dataSource.query('SELECT key, submission_id FROM contact_idempotency_keys'),
    });
    const expectedRows = {
      users: [{ id: ids.user, username: 'older' }],
      submissions: [{ id: ids.kept, name: 'Kept' }],
      deliveries: [
        { id: ids.appendDelivery, action: 'append', submission_id: ids.kept, erased_ids: null },
        { id: ids.eraseDelivery, action: 'erase', submission_id: null, erased_ids: [ids.erasedBefore] },
      ],
      keys: [{ key: 'older-key-0001', submission_id: ids.kept }],
    };

    it('keep the rows stored before and the foreign keys between them, and can be reverted', async () => {
      const databaseUrl = await createTestDatabase();
      const older = MIGRATIONS.slice(0, MIGRATIONS.indexOf(UuidIds1795800000000));
      const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: older }).initialize();
      await before.runMigrations();
      await before.query(`INSERT INTO users (id, username, password) VALUES ($1, 'older', 'x')`, [ids.user]);
      await before.query(
        `INSERT INTO contact_submissions (id, name, email, interest) VALUES ($1, 'Kept', 'kept@example.com', 'community')`,
        [ids.kept],
      );
      await before.query(`INSERT INTO sheet_deliveries (id, submission_id) VALUES ($1, $2)`, [ids.appendDelivery, ids.kept]);
      await before.query(`INSERT INTO sheet_deliveries (id, action, erased_ids) VALUES ($1, 'erase', $2)`, [
        ids.eraseDelivery,
        [ids.erasedBefore],
      ]);
      await before.query(
        `INSERT INTO contact_idempotency_keys (key, submission_id, request_hash) VALUES ('older-key-0001', $1, 'h')`,
        [ids.kept],
      );
      expect((await idTypes(before)).filter((column: { udt_name: string }) => column.udt_name === 'text')).toHaveLength(5);
      await before.destroy();

      // Up to this migration only: the later ones change the outbox again (see below).
      const upTo = MIGRATIONS.slice(0, MIGRATIONS.indexOf(UuidIds1795800000000) + 1);
      const sut = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: upTo }).initialize();
      await sut.runMigrations();
      try {
        expect(await idTypes(sut)).toEqual([
          { table_name: 'audit_events', column_name: 'submission_id', udt_name: 'uuid' },
          { table_name: 'contact_idempotency_keys', column_name: 'submission_id', udt_name: 'uuid' },
          { table_name: 'contact_submissions', column_name: 'id', udt_name: 'uuid' },
          { table_name: 'sheet_deliveries', column_name: 'erased_ids', udt_name: '_uuid' },
          { table_name: 'sheet_deliveries', column_name: 'id', udt_name: 'uuid' },
          { table_name: 'sheet_deliveries', column_name: 'submission_id', udt_name: 'uuid' },
          { table_name: 'users', column_name: 'id', udt_name: 'uuid' },
        ]);
        expect(await rows(sut)).toEqual(expectedRows);

        // down(): the text columns again, with the same rows.
        const reverting = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: upTo }).initialize();
        try {
          await reverting.undoLastMigration();
          expect((await idTypes(reverting)).filter((column: { udt_name: string }) => column.udt_name === 'text')).toHaveLength(5);
          expect(await rows(reverting)).toEqual(expectedRows);
          await reverting.runMigrations();
        } finally {
          await reverting.destroy();
        }

        // The foreign keys are back: erasing the submission erases its delivery and its key.
        await sut.query('DELETE FROM contact_submissions WHERE id = $1', [ids.kept]);

        expect(await rows(sut)).toEqual({
          ...expectedRows,
          submissions: [],
          deliveries: [expectedRows.deliveries[1]],
          keys: [],
        });
      } finally {
        await sut.destroy();
      }
    });
  });
  it('turn the one shared login of an older install into the first admin, and keep its data and history', async () => {
    const databaseUrl = await createTestDatabase();
    const older = MIGRATIONS.slice(0, MIGRATIONS.indexOf(TeamAccounts1796000000000));
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: older }).initialize();
    await before.runMigrations();
    // The env admin as that release's start-up made it (a start now leaves its password as it is).
    const [{ id: adminId }] = await before.query(`INSERT INTO users (username, password) VALUES ('admin', $1) RETURNING id`, [
      await hashPassword(DEV_ADMIN.password),
    ]);
    const [{ id: leadId }] = await before.query(
      `INSERT INTO contact_submissions (name, email, interest, status, status_changed_by) VALUES ('Kept', 'kept@example.com', 'community', 'contacted', 'admin') RETURNING id`,
    );
    await before.query(
      `INSERT INTO audit_events (actor, action, submission_id, detail) VALUES ('admin', 'status', $1, '{"from":"new","to":"contacted"}')`,
      [leadId],
    );
    await before.destroy();

    const sut = await createTestApp({ databaseUrl });
    apps.push(sut);

    expect(await sut.dataSource.query('SELECT id, username, display_name, role, email, disabled_at FROM users')).toEqual([
      { id: adminId, username: 'admin', display_name: 'admin', role: 'admin', email: null, disabled_at: null },
    ]);
    const admin = request.agent(sut.server);
    await admin.post('/api/auth/login').send(DEV_ADMIN).expect(200);
    const { body: me } = await admin.get('/api/auth/me').expect(200);
    expect(me).toMatchObject({ id: adminId, role: 'admin', displayName: 'admin', timeZone: 'UTC' });
    const { body: lead } = await admin.get(`/api/admin/contacts/${leadId}`).expect(200);
    expect(lead).toMatchObject({ status: 'contacted', statusChangedBy: 'admin', assignee: null });
    expect(lead.history).toEqual([expect.objectContaining({ action: 'status', actor: 'admin', actorId: adminId })]);
  });

  it('make the spreadsheet outbox the one outbox, its rows kept with their payloads, and can be reverted', async () => {
    const databaseUrl = await createTestDatabase();
    const older = MIGRATIONS.slice(0, MIGRATIONS.indexOf(Deliveries1796100000000));
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: older }).initialize();
    await before.runMigrations();
    const [kept, erased] = ['1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a'];
    await before.query(
      `INSERT INTO contact_submissions (id, name, email, interest, submitted_at) VALUES ($1, 'Kept', 'kept@example.com', 'community', '2026-11-02T10:07:00.123Z')`,
      [kept],
    );
    await before.query(`INSERT INTO sheet_deliveries (submission_id, status, attempts) VALUES ($1, 'failed', 3)`, [kept]);
    await before.query(`INSERT INTO sheet_deliveries (action, erased_ids) VALUES ('erase', $1)`, [[erased]]);
    const sheetRows = (dataSource: DataSource) =>
      dataSource.query(
        `SELECT id, action, submission_id, erased_ids::text[] AS erased_ids, status, attempts FROM sheet_deliveries ORDER BY action`,
      );
    const original = await sheetRows(before);
    await before.destroy();

    // Up to this migration, so that undoing the last one undoes it.
    const upTo = MIGRATIONS.slice(0, MIGRATIONS.indexOf(Deliveries1796100000000) + 1);
    const sut = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: upTo }).initialize();
    try {
      await sut.runMigrations();
      expect(
        await sut.query(
          'SELECT id, channel, target, event, submission_id, payload, status, attempts FROM deliveries ORDER BY event',
        ),
      ).toEqual([
        {
          id: original[0].id,
          channel: 'sheet',
          target: '',
          event: 'append',
          submission_id: kept,
          payload: {
            id: kept,
            submittedAt: '2026-11-02T10:07:00.123Z',
            name: 'Kept',
            email: 'kept@example.com',
            linkedin: null,
            company: null,
            interest: 'community',
            comments: null,
          },
          status: 'failed',
          attempts: 3,
        },
        {
          id: original[1].id,
          channel: 'sheet',
          target: '',
          event: 'erase',
          submission_id: null,
          payload: { action: 'erase', ids: [erased] },
          status: 'pending',
          attempts: 0,
        },
      ]);
      await sut.undoLastMigration();
      expect(await sheetRows(sut)).toEqual(original);
    } finally {
      await sut.destroy();
    }
  });
});
