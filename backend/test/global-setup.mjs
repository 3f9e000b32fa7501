// One PostgreSQL server for the whole run: DATABASE_URL when set, else an embedded one in a
// temporary directory. Each test file then creates its own database on it (support/test-app.ts).
// Test files run in parallel workers (jest.config.js); TEST_RUN_DIR is the run's folder,
// where they share the one build of the API (support/api-process.ts).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';
import { freePort } from '../../scripts/process-utils.mjs';

export default async function globalSetup() {
  const runDir = await mkdtemp(path.join(tmpdir(), 'backend-tests-'));
  process.env.TEST_RUN_DIR = runDir;
  if (process.env.DATABASE_URL) {
    process.env.TEST_SERVER_URL = process.env.DATABASE_URL;
    return;
  }
  // A throwaway server: nothing waits for the disk (no test outlives a crash of it).
  const settings = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
  const server = await startEmbeddedPostgres({
    dataDir: path.join(runDir, 'pg'),
    port: await freePort(),
    persistent: false,
    settings,
  });
  process.env.TEST_SERVER_URL = server.url;
  globalThis.embeddedPostgres = server;
}
