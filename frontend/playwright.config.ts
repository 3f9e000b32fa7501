import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN } from './e2e/admin-account';
import { INBOUND_EMAIL_SECRET, REPLY_ADDRESS } from './e2e/inbound';
import { CALCOM_WEBHOOK_SECRET, CALENDLY_WEBHOOK_SIGNING_KEY } from './e2e/booking';
import { IMAP_PASSWORD, IMAP_USER } from '../backend/test/support/imap-server';

// Browser tests run Debian's Chromium, built as its headless shell (Playwright's own browser
// downloads are not used): the same Blink and V8 as the desktop browser, without the desktop
// shell that headless desktop Chromium still draws, which cost twice the CPU on every test
// (the inbox's file with its server: 178 against 103 CPU-seconds on 2 cores).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Ports of their own, so that a `make serve` (8080) or `make dev` (3000) left running does
// not collide: the tests always start their own server on an empty database.
const SERVE_PORT = process.env.E2E_SERVE_PORT ?? '8180';
const API_PORT = process.env.E2E_API_PORT ?? '3180';
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${SERVE_PORT}`;
// The stand-in spreadsheet web-script (e2e/sheets-receiver.ts) the server delivers to.
const SHEETS_PORT = (process.env.E2E_SHEETS_PORT ??= String(Number(API_PORT) + 50));
// The SMTP server the e2e API sends e-mail to, and its inbox over HTTP (e2e/mail-receiver.ts);
// offsets of their own, so that runs side by side on neighbouring API ports do not collide.
const SMTP_PORT = (process.env.E2E_SMTP_PORT ??= String(Number(API_PORT) + 60));
process.env.E2E_MAIL_INBOX_PORT ??= String(Number(API_PORT) + 70);
// The IMAP mailbox the API reads the leads' replies from (e2e/imap-mailbox.ts).
const IMAP_PORT = (process.env.E2E_IMAP_PORT ??= String(Number(API_PORT) + 80));

// Each run that starts the server starts it on an empty database, in a temporary folder
// removed when the run ends. (Workers load this file too: only the runner makes the folder.)
let databaseDir = process.env.EMBEDDED_POSTGRES_DIR;
if (!databaseDir && process.env.TEST_WORKER_INDEX === undefined) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'frontend-e2e-pg-'));
  process.env.EMBEDDED_POSTGRES_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  databaseDir = dir;
}

// make test runs the suite in four parts (E2E_PART=1 to 4), each against a server and a
// database of its own. The first starts while the backend's tests still run (scripts/test.mjs)
// and holds about two fifths of the suite's time: the dashboard's files. The others start
// together once the backend is done: the team's and the conversation's files; the visitor's
// and the account's; every other file, a new one too.
const PARTS = [
  /\/(a11y|admin|inbox|inbox-laptop|inbox-first-screen|spam-and-bulk)\.spec\.ts$/,
  /\/(working-together|inbox-erasure|team-lead|account-security|conversation|webhooks)\.spec\.ts$/,
  /\/(visitor|pages|contact-timing|provenance|list-entries|password-reset|email-change)\.spec\.ts$/,
];
const part = Number(process.env.E2E_PART ?? 0);
const inThisPart =
  part === 0
    ? {}
    : part <= PARTS.length
      ? { testMatch: PARTS[part - 1] }
      : { testIgnore: [/empty-database\.spec\.ts/, ...PARTS] };
// The empty database's test runs once, in the first part (the others have no use for an empty database).
const emptyDatabaseFirst = part <= 1;

export default defineConfig({
  testDir: './e2e',
  // Runs side by side (make test's two halves, E2E_RUN_NAME) keep their traces, screenshots and reports apart.
  outputDir: `test-results/${process.env.E2E_RUN_NAME ?? ''}`,
  globalSetup: ['./e2e/sheets-receiver.ts', './e2e/mail-receiver.ts', './e2e/imap-mailbox.ts'],
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous: a test asserts that what a user waits for arrives; on a loaded 2-core machine
  // (both halves side by side) a dashboard took over 10 s to open a lead. How fast is
  // Lighthouse's and the benchmarks' question.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${process.env.E2E_RUN_NAME ?? ''}` }]]
    : [['list']],
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace (actions, console, network, sources) and a screenshot, but no
    // DOM snapshot per action: the trace records every test, and the snapshots cost the renderer
    // and Playwright about 0.7 CPU-s a page load (docs/testing.md, "How long it takes").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Runs first, while the database is still empty.
    ...(emptyDatabaseFirst
      ? [{ name: 'empty-database', testMatch: /empty-database\.spec\.ts/, use: { ...devices['Desktop Chrome'] } }]
      : []),
    {
      name: 'chromium',
      testIgnore: /empty-database\.spec\.ts/,
      ...inThisPart,
      dependencies: emptyDatabaseFirst ? ['empty-database'] : [],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npm run serve',
        cwd: repoRoot,
        url: `${BASE_URL}/api/health/ready`,
        timeout: 240_000,
        reuseExistingServer: false,
        // Let `npm run serve` stop nginx, the API and PostgreSQL itself.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          // A deprecated call in the API (such as a query sent to a pg client still running
          // one) throws, and the request that made it fails.
          NODE_OPTIONS: '--throw-deprecation',
          SERVE_PORT,
          SERVE_API_PORT: API_PORT,
          // No metrics port: test runs side by side on one machine would compete for 9464.
          METRICS_PORT: '0',
          CONTACT_RATE_LIMIT: '1000',
          EMBEDDED_POSTGRES_DIR: databaseDir ?? '',
          ADMIN_USERNAME: ADMIN.username,
          ADMIN_PASSWORD: ADMIN.password,
          // The admin's own address (the test e-mail goes there; an address changes only by confirmation).
          ADMIN_EMAIL: ADMIN.email,
          SHEETS_WEBHOOK_URL: `http://127.0.0.1:${SHEETS_PORT}/exec`,
          // Deliveries within a second, and a quick retry if the receiver was not up yet.
          DELIVERY_POLL_INTERVAL_MS: '250',
          DELIVERY_RETRY_BASE_MS: '500',
          // The webhooks' browser test posts to a receiver on 127.0.0.1 (http:, loopback).
          WEBHOOKS_ALLOW_PRIVATE: 'true',
          SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
          MAIL_FROM: 'TalentFlow leads <leads@example.com>',
          // The conversation's browser test posts the leads' replies as a mail provider would.
          INBOUND_EMAIL_SECRET,
          REPLY_ADDRESS,
          // The booking test posts a signed Cal.com booking (e2e/booking.spec.ts).
          CALCOM_WEBHOOK_SECRET,
          CALENDLY_WEBHOOK_SIGNING_KEY,
          // And by IMAP, as a team's own mailbox (IDLE: a reply shows as it arrives). The
          // mailbox starts with the suite's global setup; until then the API retries.
          IMAP_URL: `imap://${IMAP_USER}:${encodeURIComponent(IMAP_PASSWORD)}@127.0.0.1:${IMAP_PORT}/INBOX`,
        },
      },
});
