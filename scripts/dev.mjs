#!/usr/bin/env node
// `make dev` / `npm run dev`: PostgreSQL (embedded, data kept in .data/dev, unless
// DATABASE_URL is set), the API in watch mode on port 3000 (PORT) and the Vite dev server
// on http://127.0.0.1:5173, which proxies /api to the API, and (unless SMTP_URL is set) the
// maildev mail catcher: the API's e-mail goes to its SMTP port (MAILDEV_SMTP_PORT, 1025)
// and is read in its inbox (http://127.0.0.1:1080, MAILDEV_WEB_PORT), and the inbound e-mail
// route is on with a dev secret (`npm run dev:reply`, scripts/dev-reply.mjs). Ctrl-C stops everything.
import path from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { DEV_INBOUND_EMAIL_SECRET, DEV_REPLY_ADDRESS } from './dev-reply.mjs';
import { ROOT } from './nginx-config.mjs';
import { assertPortFree, freePort, intFromEnv, Supervisor, waitForHttp } from './process-utils.mjs';

const env = process.env;
const supervisor = new Supervisor({ label: 'dev' });
const VITE_URL = 'http://127.0.0.1:5173';

await supervisor.run(async () => {
  const apiPort = intFromEnv(env, 'PORT', 3000);
  await assertPortFree(apiPort, '127.0.0.1', 'API port (PORT)');
  await assertPortFree(5173, '127.0.0.1', 'Vite dev server port');

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = path.join(ROOT, '.data', 'dev');
    const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'app' });
    supervisor.onStop(() => database.stop());
    databaseUrl = database.url;
    console.log(`[dev] embedded PostgreSQL (data kept in .data/dev): ${databaseUrl}`);
  }

  // E-mail with no account anywhere: a local catcher unless SMTP_URL points elsewhere.
  let mailInbox;
  let mailEnv = {};
  if (!env.SMTP_URL) {
    const smtpPort = intFromEnv(env, 'MAILDEV_SMTP_PORT', 1025);
    const webPort = intFromEnv(env, 'MAILDEV_WEB_PORT', 1080);
    await assertPortFree(smtpPort, '127.0.0.1', 'mail catcher SMTP port (MAILDEV_SMTP_PORT)');
    await assertPortFree(webPort, '127.0.0.1', 'mail catcher inbox port (MAILDEV_WEB_PORT)');
    const maildev = path.join(ROOT, 'node_modules', '.bin', 'maildev');
    const args = ['--ip', '127.0.0.1', '--smtp', String(smtpPort), '--web-ip', '127.0.0.1', '--web', String(webPort)];
    const mail = supervisor.start('mail', maildev, args, { cwd: ROOT, env });
    mailInbox = `http://127.0.0.1:${webPort}`;
    // Its inbox answers a browser (Accept: text/html) at `/`; the health route answers any client.
    await waitForHttp(`${mailInbox}/api/healthz`, { isDead: () => mail.exited });
    mailEnv = {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: env.MAIL_FROM || 'Lead inbox <leads@example.com>',
      // The team's e-mail goes to addresses on accounts: a first admin with one gets the
      // "New lead" e-mail in the catcher's inbox (taken when the admin is first created).
      ADMIN_EMAIL: env.ADMIN_EMAIL || 'admin@example.com',
    };
  }

  const apiEnv = {
    ...env,
    NODE_ENV: env.NODE_ENV || 'development',
    // The development admin's password is public: the API stays on this machine.
    HOST: env.HOST || '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PORT: String(apiPort),
    // Links in e-mails open this dev server.
    PUBLIC_URL: env.PUBLIC_URL || VITE_URL,
    // A lead's reply with no mailbox anywhere: `npm run dev:reply` posts one to the inbound route.
    REPLY_ADDRESS: env.REPLY_ADDRESS || DEV_REPLY_ADDRESS,
    INBOUND_EMAIL_SECRET: env.INBOUND_EMAIL_SECRET || DEV_INBOUND_EMAIL_SECRET,
    ...mailEnv,
  };
  // The backend's `dev` script: tsc -w + node --watch (Nest needs tsc's decorator metadata,
  // so no esbuild/tsx). Both tsc runs share a build-info file in dist, so the watcher's first
  // pass writes nothing and node --watch does not restart the API it has just started.
  // Each runs in a process group of its own, stopped as a whole.
  const api = supervisor.start('api', 'npm', ['run', 'dev', '-w', 'backend'], { cwd: ROOT, env: apiEnv, group: true });
  const viteEnv = { ...env, VITE_API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` };
  const vite = supervisor.start('web', 'npm', ['run', 'dev', '-w', 'frontend'], { cwd: ROOT, env: viteEnv, group: true });

  await waitForHttp(`http://127.0.0.1:${apiPort}/api/health/ready`, { timeoutMs: 180_000, isDead: () => api.exited });
  await waitForHttp(VITE_URL, { isDead: () => vite.exited });

  const username = env.ADMIN_USERNAME || 'admin';
  const password = env.ADMIN_PASSWORD ? 'the password in ADMIN_PASSWORD' : 'admin-dev-password';
  console.log(`
  The app is on ${VITE_URL}  (API on http://127.0.0.1:${apiPort}/api, reloads on save)
  Admin dashboard: ${VITE_URL}/admin  (sign in as ${username} / ${password})
  E-mail: ${mailInbox ? `every message lands in the inbox at ${mailInbox}` : `sent through SMTP_URL`}
  A lead's reply: answer a lead from its drawer, then run \`npm run dev:reply\` (the lead answers, CV attached)
  Ctrl-C stops everything.
`);
});
