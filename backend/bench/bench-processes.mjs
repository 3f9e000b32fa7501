// What the benchmarks that start servers share: starting one and stopping it by its PID,
// the built API as production runs it, an embedded PostgreSQL with cheap commits,
// signing in and reading the dashboard's event stream, the machine's line,
// and figures that are never rounded up.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';
import { freePort } from '../../scripts/process-utils.mjs';
import { copySeededDatabase } from './seed-submissions.mjs';

export const backendDir = path.resolve(import.meta.dirname, '..');

// PostgreSQL's commits cost no disk flush here, for every case alike: the benchmark measures
// the servers' CPU, not this machine's disk (which capped the bare server at ~1,000 req/s).
export const DATABASE_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

/**
 * A throw-away embedded PostgreSQL with DATABASE_SETTINGS (and `settings`), its folder named
 * after `name`; its `dataDir` beside. With `seededRows`, it starts on a copy of `make bench`'s
 * seeded leads when there is one of that size, and says so in `seeded`.
 */
export async function startDatabase(name, settings = {}, seededRows = 0) {
  const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`)), 'pg');
  const seeded = seededRows > 0 && (await copySeededDatabase(dataDir, seededRows));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    persistent: false,
    settings: { ...DATABASE_SETTINGS, ...settings },
  });
  return Object.assign(server, { dataDir, seeded });
}

/** Starts `args` with node and waits until `ready` answers; `stop()` ends it by its PID. */
export async function startServer(name, args, env, ready) {
  const child = spawn(process.execPath, args, { cwd: backendDir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${stderr}`);
    const res = await fetch(ready.url, ready.init).catch(() => undefined);
    if (res && res.status < 500) break;
    if (Date.now() > deadline) throw new Error(`${name} not ready in 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      process.kill(child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/**
 * The built API (`npm run build -w backend`) as `npm start` runs it (its heap flags and malloc
 * arenas: the figures are the production process's), on a free port and `databaseUrl`, with
 * the admin's `adminPassword`. `env` adds to or overrides its environment (SMTP_URL…),
 * `nodeFlags` go to node (--cpu-prof…). Answers the server of startServer with its `base` URL.
 */
export async function startApi({ databaseUrl, adminPassword, env = {}, nodeFlags = [] }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = await startServer(
    'API',
    ['--max-old-space-size=128', '--max-semi-space-size=4', ...nodeFlags, 'dist/main.js'],
    {
      PATH: process.env.PATH,
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_PASSWORD: adminPassword,
      // A bench posts far more leads from one address than the production limit allows.
      CONTACT_RATE_LIMIT: '1000000000',
      // No metrics server (0 turns it off): its fixed port may be taken on this machine.
      METRICS_PORT: '0',
      ...env,
    },
    { url: `${base}/api/health/ready` },
  );
  return Object.assign(api, { base });
}

/** The machine a benchmark ran on, printed above its figures. */
export const machineLine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}; load average ${os.loadavg()[0].toFixed(2)}`;

/** `value` rounded down to `digits` decimals: a figure is never rounded up. */
export const down = (value, digits) => Math.floor(value * 10 ** digits) / 10 ** digits;
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** Signs `username` in with `password` and answers its session cookie. */
export async function signIn(base, username, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** An open event stream that calls `onEvent(type, data)` for each event; `close()` ends it. */
export function openStream(base, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/admin/events`, { headers: { Cookie: cookie, Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`event stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) onEvent(type, JSON.parse(data));
        }
      });
      resolve({ close: () => req.destroy() });
    });
    req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}
