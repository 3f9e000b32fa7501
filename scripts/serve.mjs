#!/usr/bin/env node
// `make serve` / `npm run serve`: the production build without Docker.
// Builds the SPA and the API (skip with SERVE_SKIP_BUILD=1), starts PostgreSQL (embedded
// unless DATABASE_URL is set), API_REPLICAS API processes with NODE_ENV=production on
// consecutive ports, and Debian's nginx with nginx/templates/default.conf.template, the
// config of the Docker image. An API replica that exits is started again; Ctrl-C or
// SIGTERM stops everything it started.
//
// Environment: SERVE_PORT (8080), SERVE_HOST (127.0.0.1), API_REPLICAS (1),
// SERVE_API_PORT (first API port, 3000), METRICS_PORT (first replica's metrics port, 9464;
// the next replicas take the ports after it; 0: none), SERVE_SKIP_BUILD, EMBEDDED_POSTGRES_DIR
// (.data/serve), DATABASE_URL, ADMIN_USERNAME/ADMIN_PASSWORD (default admin / a password
// printed at start), SESSION_SECRET (default: random per run), NGINX_BIN; every other
// variable (CONTACT_RATE_LIMIT, SHEETS_WEBHOOK_URL, …) goes to the API unchanged.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { nginxBinary, ROOT, writeNginxPrefix } from './nginx-config.mjs';
import { assertPortFree, freePort, intFromEnv, run, Supervisor, waitForHttp } from './process-utils.mjs';

const env = process.env;
const supervisor = new Supervisor({ label: 'serve' });

await supervisor.run(async () => {
  const nginxBin = nginxBinary(env);
  const host = env.SERVE_HOST || '127.0.0.1';
  const port = intFromEnv(env, 'SERVE_PORT', 8080);
  const replicas = intFromEnv(env, 'API_REPLICAS', 1);
  const firstApiPort = intFromEnv(env, 'SERVE_API_PORT', 3000);
  const apiPorts = Array.from({ length: replicas }, (_, index) => firstApiPort + index);
  // Each replica's metrics on a port of its own, as each pod has its own in Kubernetes.
  // 0 turns them off (the tests, which run several servers at once).
  const firstMetricsPort = env.METRICS_PORT === '0' ? 0 : intFromEnv(env, 'METRICS_PORT', 9464);
  const metricsPorts = apiPorts.map((_, index) => (firstMetricsPort === 0 ? 0 : firstMetricsPort + index));

  await assertPortFree(port, host, 'SERVE_PORT');
  for (const apiPort of apiPorts) await assertPortFree(apiPort, '127.0.0.1', 'API port');
  for (const metricsPort of metricsPorts.filter((metricsPort) => metricsPort !== 0))
    await assertPortFree(metricsPort, '127.0.0.1', 'metrics port (METRICS_PORT)');

  if (env.SERVE_SKIP_BUILD === '1') {
    console.log('[serve] SERVE_SKIP_BUILD=1: using the existing builds');
  } else {
    await run('npm', ['run', 'build', '-w', 'frontend'], { cwd: ROOT });
    await run('npm', ['run', 'build', '-w', 'backend'], { cwd: ROOT });
  }
  const spaRoot = path.join(ROOT, 'frontend', 'dist');
  const apiMain = path.join(ROOT, 'backend', 'dist', 'main.js');
  for (const file of [path.join(spaRoot, 'index.html'), apiMain]) {
    if (!existsSync(file))
      throw new Error(
        `${path.relative(ROOT, file)} is missing: build first (npm run build -w frontend / -w backend), or run without SERVE_SKIP_BUILD`,
      );
  }

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = path.resolve(ROOT, env.EMBEDDED_POSTGRES_DIR || path.join('.data', 'serve'));
    const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'app' });
    supervisor.onStop(() => database.stop());
    databaseUrl = database.url;
    console.log(`[serve] embedded PostgreSQL, data in ${path.relative(ROOT, dataDir) || dataDir}`);
  }

  const adminUsername = env.ADMIN_USERNAME || 'admin';
  const adminPassword = env.ADMIN_PASSWORD || randomBytes(12).toString('base64url');
  const apiEnv = {
    ...env,
    NODE_ENV: 'production',
    // Only nginx reaches the API: on another interface a client could talk to it directly
    // and make up its own X-Forwarded-For.
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ADMIN_USERNAME: adminUsername,
    ADMIN_PASSWORD: adminPassword,
    // A password made up for this run (printed below) must work on a database kept from an
    // earlier run too: the admin is reset to it. A given ADMIN_PASSWORD only makes the first admin.
    ...(env.ADMIN_PASSWORD ? {} : { ADMIN_RESET: 'true' }),
    SESSION_SECRET: env.SESSION_SECRET || randomBytes(32).toString('base64url'),
    // Links in e-mails open this server.
    PUBLIC_URL: env.PUBLIC_URL || `http://${host}:${port}`,
  };

  // One replica first: it migrates and creates the admin; the others start on a ready
  // database and find nothing to do (no replicas racing at start-up).
  for (const [index, apiPort] of apiPorts.entries()) {
    const name = replicas === 1 ? 'api' : `api-${index + 1}`;
    // The memory settings of backend/Dockerfile's ENV (and `npm start`).
    const api = supervisor.start(
      name,
      process.execPath,
      ['--max-old-space-size=128', '--max-semi-space-size=4', 'dist/main.js'],
      {
        cwd: path.join(ROOT, 'backend'),
        env: { ...apiEnv, MALLOC_ARENA_MAX: '2', PORT: String(apiPort), METRICS_PORT: String(metricsPorts[index]) },
        // A replica that dies is started again; nginx sends its traffic to the others meanwhile.
        restart: true,
      },
    );
    await waitForHttp(`http://127.0.0.1:${apiPort}/api/health/ready`, { isDead: () => api.exited });
  }

  const prefix = await mkdtemp(path.join(os.tmpdir(), 'serve-nginx-'));
  supervisor.onStop(() => rm(prefix, { recursive: true, force: true }));
  // nginx answers only the host of the API's PUBLIC_URL (421 for any other) unless NGINX_SERVER_NAME says otherwise.
  const { args } = await writeNginxPrefix({
    prefix,
    listen: `${host}:${port}`,
    root: spaRoot,
    apiPorts,
    nginxBin,
    publicUrl: apiEnv.PUBLIC_URL,
  });
  await run(nginxBin, [...args, '-t', '-q'], { cwd: prefix });
  // SIGQUIT: graceful stop, in-flight requests finish.
  const nginx = supervisor.start('nginx', nginxBin, args, { cwd: prefix, stopSignal: 'SIGQUIT' });
  const url = `http://${host}:${port}`;
  await waitForHttp(`${url}/api/health/ready`, { isDead: () => nginx.exited });

  console.log(`
  The app (production build, behind nginx) is on ${url}
  Admin dashboard: ${url}/admin  (sign in as ${adminUsername} / ${env.ADMIN_PASSWORD ? 'the password in ADMIN_PASSWORD' : adminPassword})
  API replicas: ${apiPorts.map((p) => `127.0.0.1:${p}`).join(', ')}   Ctrl-C stops everything.
`);
});
