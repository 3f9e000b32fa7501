import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';

// Any constant shared by every replica; pg_advisory_lock makes the others wait their turn.
const MIGRATION_LOCK_KEY = 7_262_001;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so that replicas that
 * start together migrate once: the first runs them, the others then find nothing to do.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
  }
}

/**
 * Resolves once no migration is pending: for a process that needs the schema but leaves
 * running the migrations to another (the Kubernetes Job).
 */
export async function waitForMigrations(dataSource: DataSource, pollMs = 2000): Promise<void> {
  while (await dataSource.showMigrations()) await sleep(pollMs);
}
