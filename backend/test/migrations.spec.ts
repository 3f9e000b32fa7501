import { afterAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATIONS } from '../src/database/data-source.js';
import { runMigrationsLocked, waitForMigrations } from '../src/database/migrate.js';
import { ContactSubmissionCounts1795328829376 } from '../src/database/migrations/1795328829376-contact-submission-counts.js';
import { ContactSubmissionDeltas1795400000000 } from '../src/database/migrations/1795400000000-contact-submission-deltas.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.js';

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
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: MIGRATIONS.slice(0, -1) }).initialize();
    await before.runMigrations();
    await before.destroy();

    const sut = await createTestApp({ databaseUrl, env: { MIGRATE_ON_START: 'false' } });
    apps.push(sut);

    const applied = await sut.dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((row: { name: string }) => row.name)).toEqual(MIGRATIONS.slice(0, -1).map((migration) => migration.name));
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
});
