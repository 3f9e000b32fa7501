#!/usr/bin/env node
// `make bench`'s million leads, seeded once for the benchmarks that read them (the admin
// queries, the inbound e-mail, Lighthouse): a migrated cluster with BENCH_ROWS leads, stopped,
// in BENCH_SEED_DIR/pg, and their number in BENCH_SEED_DIR/rows. Each of those benchmarks
// starts its database on a copy (copySeededDatabase), and seeds its own when run alone.
// Usage (scripts/bench.mjs runs it): BENCH_SEED_DIR=<dir> npm run bench:seed -w backend
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';
import { freePort } from '../../scripts/process-utils.mjs';
import { dataSourceOptions } from '../dist/database/data-source.js';
import { runMigrationsLocked } from '../dist/database/migrate.js';
import { DATABASE_SETTINGS } from './bench-processes.mjs';
import { seedSubmissions } from './seed-submissions.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const seedDir = process.env.BENCH_SEED_DIR;
if (!seedDir) throw new Error('BENCH_SEED_DIR: the folder to seed into');

const started = performance.now();
const server = await startEmbeddedPostgres({
  dataDir: path.join(seedDir, 'pg'),
  port: await freePort(),
  settings: DATABASE_SETTINGS,
});
try {
  const db = await new DataSource(dataSourceOptions(server.url)).initialize();
  try {
    await runMigrationsLocked(db);
    await seedSubmissions(db, ROWS);
  } finally {
    await db.destroy();
  }
} finally {
  await server.stop();
}
await writeFile(path.join(seedDir, 'rows'), String(ROWS));
console.log(
  `seeded ${ROWS.toLocaleString('en')} leads once for the benchmarks in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
