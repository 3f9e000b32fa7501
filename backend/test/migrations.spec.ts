import { afterAll, describe, expect, it } from '@jest/globals';
import { MIGRATIONS } from '../src/database/data-source.js';
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
});
