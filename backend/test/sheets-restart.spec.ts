import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { contactBody } from './support/contacts.js';
import { FakeSheetsEndpoint, waitFor } from './support/sheets-endpoint.js';
import { createTestDatabase } from './support/test-app.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The built API as a process of its own, as in production, so that it can be killed hard.
 */
describe('spreadsheet sync across a crash of the API (SIGKILL)', () => {
  let endpoint: FakeSheetsEndpoint;
  let databaseUrl: string;
  let apiPort: number;
  let api: ChildProcess | undefined;
  let db: pg.Client;

  const startApi = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['backend/dist/main.js'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        PORT: String(apiPort),
        SHEETS_WEBHOOK_URL: endpoint.url,
        SHEETS_RETRY_BASE_MS: '50',
        SHEETS_POLL_INTERVAL_MS: '50',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    await waitFor(
      'the API to be ready',
      async () => {
        if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}: ${stderr}`);
        const res = await fetch(`http://127.0.0.1:${apiPort}/api/health/ready`).catch(() => undefined);
        return res?.status === 200;
      },
      30_000,
    );
    return child;
  };

  const kill = async (child: ChildProcess): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    // The code under test as `npm run build` makes it.
    execFileSync('npm', ['run', 'build', '-w', 'backend'], { cwd: repoRoot, stdio: 'pipe' });
    endpoint = await FakeSheetsEndpoint.start();
    databaseUrl = await createTestDatabase();
    apiPort = await freePort();
    db = new pg.Client({ connectionString: databaseUrl });
  }, 120_000);
  afterAll(async () => {
    if (api) await kill(api);
    await db.end().catch(() => undefined);
    await endpoint.stop();
  });

  it('delivers a submission answered 201 just before the kill, once the API is back', async () => {
    // The endpoint is down: nothing can reach it before the kill.
    await endpoint.stop();
    api = await startApi();

    const res = await fetch(`http://127.0.0.1:${apiPort}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contactBody()),
    });
    expect(res.status).toBe(201);
    await kill(api);
    const { id } = (await res.json()) as { id: string };

    await db.connect();
    const { rows } = await db.query('SELECT status FROM sheet_deliveries WHERE submission_id = $1', [id]);
    expect(rows).toEqual([{ status: 'pending' }]);
    expect(endpoint.received).toEqual([]);

    await endpoint.restart();
    api = await startApi();

    await waitFor('the delivery after the restart', () => endpoint.postedIds.includes(id), 15_000);
    await waitFor('the delivery to be recorded', async () => {
      const { rows: after } = await db.query('SELECT status FROM sheet_deliveries WHERE submission_id = $1', [id]);
      return after[0]?.status === 'delivered';
    });
    expect(endpoint.postedIds).toEqual([id]);
  }, 60_000);
});
