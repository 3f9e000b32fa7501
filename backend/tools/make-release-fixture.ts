// Makes test/fixtures/release-<rev>.sql: the database of a released version, with data,
// for test/upgrade-from-release.spec.ts (the current app must migrate it at start-up
// without loss). Re-runnable: `npm run release-fixture -w backend -- <rev>` (default the
// last release, RELEASE of test/support/release.ts). It
//   1. unpacks that commit (git archive) into .data/release-<rev>/app, installs it from its
//      own lock file and builds its API (kept there for the next run);
//   2. starts an embedded PostgreSQL and that release's API on it, which migrates it;
//   3. fills it through that API (test/support/stack.ts: team, invitations, settings,
//      webhooks, leads with provenance, one held as spam, statuses, assignment, notes,
//      deliveries delivered and pending), with a local SMTP server and webhook endpoint;
//   4. dumps it as plain SQL (pg_dump 18, see scripts/pg-client.mjs) and stops everything.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../test/support/api-process.js';
import { startSmtpReceiver } from '../test/support/smtp-receiver.js';
import { waitFor } from '../test/support/sheets-endpoint.js';
import { fillStack } from '../test/support/stack.js';
import { RELEASE } from '../test/support/release.js';
import { WebhookReceiver } from '../test/support/webhook-receiver.js';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(backendDir, '..');

// The repository's own scripts are plain ES modules without types: their shapes, as used here.
interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}
const embedded = (await import(path.join(repoRoot, 'scripts/embedded-postgres.mjs'))) as {
  startEmbeddedPostgres(options: {
    dataDir: string;
    port: number;
    database: string;
    persistent: boolean;
  }): Promise<EmbeddedPostgres>;
};
const pgClient = (await import(path.join(repoRoot, 'scripts/pg-client.mjs'))) as {
  pgClientBinDir(): Promise<string>;
  connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv };
  runPgClient(bin: string, program: string, args: string[], options: { env: NodeJS.ProcessEnv }): Promise<unknown>;
};

const rev = process.argv[2] ?? RELEASE;
const work = path.join(repoRoot, '.data', `release-${rev}`);
const app = path.join(work, 'app');
const fixture = path.join(backendDir, 'test', 'fixtures', `release-${rev}.sql`);

if (!existsSync(path.join(app, 'backend', 'dist', 'main.js'))) {
  await rm(app, { recursive: true, force: true });
  await mkdir(app, { recursive: true });
  execFileSync('sh', ['-c', `git archive "${rev}" | tar -x -C "${app}"`], { cwd: repoRoot, stdio: 'inherit' });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: app, stdio: 'inherit' });
  execFileSync('npm', ['run', 'build', '-w', 'backend'], { cwd: app, stdio: 'inherit' });
}

const database = await embedded.startEmbeddedPostgres({
  dataDir: path.join(work, 'pg'),
  port: await freePort(),
  database: 'release',
  persistent: false,
});
const [smtp, hook] = await Promise.all([startSmtpReceiver(), WebhookReceiver.start()]);
const port = await freePort();
const api = spawn(process.execPath, ['dist/main.js'], {
  cwd: path.join(app, 'backend'),
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    DATABASE_URL: database.url,
    ADMIN_EMAIL: 'admin@example.com',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Lead inbox <leads@example.com>',
    PUBLIC_URL: 'https://leads.example.com',
    SPAM_FILTER: 'on',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    CONTACT_RATE_LIMIT: '10000',
    DELIVERY_POLL_INTERVAL_MS: '100',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'the release API',
    async () => (await fetch(`${url}/api/health/ready`).catch(() => undefined))?.status === 200,
    60_000,
  );
  await fillStack(url, { webhookUrl: hook.url, deadWebhookUrl: `http://127.0.0.1:${await freePort()}/hook` });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await waitFor(
    'delivered and pending deliveries',
    async () =>
      (await client.query(`SELECT DISTINCT status FROM deliveries WHERE status IN ('delivered', 'pending')`)).rowCount === 2,
  );
  await client.end();
} finally {
  const exited = new Promise((resolve) => api.once('exit', resolve));
  if (api.pid && api.exitCode === null) process.kill(api.pid, 'SIGTERM');
  await exited;
  await Promise.all([smtp.close(), hook.stop()]);
}
try {
  const bin = await pgClient.pgClientBinDir();
  const { dbname, env } = pgClient.connectionOf(database.url);
  await pgClient.runPgClient(
    bin,
    'pg_dump',
    ['--format=plain', '--no-owner', '--no-acl', `--file=${fixture}`, `--dbname=${dbname}`],
    { env },
  );
  console.log(`wrote ${path.relative(process.cwd(), fixture)}`);
} finally {
  await database.stop();
}
