// One PostgreSQL server for the whole run: DATABASE_URL when set, else an embedded one in a
// temporary directory. Each test file then creates its own database on it (support/test-app.ts).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';

export default async function globalSetup() {
  if (process.env.DATABASE_URL) {
    process.env.TEST_SERVER_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'backend-tests-')), 'pg');
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
  process.env.TEST_SERVER_URL = server.url;
  globalThis.embeddedPostgres = server;
}
