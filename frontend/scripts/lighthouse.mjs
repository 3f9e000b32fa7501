// Lighthouse (mobile preset, Debian's Chromium) on /, /admin, /privacy and a 404 of the
// production build served by `npm run serve` (nginx + the API, on ports of its own and a
// fresh temporary database), or of LIGHTHOUSE_BASE_URL. Then, unless LIGHTHOUSE_SIGNED_IN_ROWS
// is 0, the signed-in dashboard: that many submissions (default 1,000,000) seeded as the
// backend's admin-queries bench seeds them, signed in through the API, /admin on the mobile
// and the desktop preset. Prints performance, accessibility, best practices, SEO, FCP, LCP,
// TBT, CLS and the LCP element per page, beside its performance goal (docs/benchmarks.md). Fails when
// accessibility, best practices or SEO is under 100, apart from what a page fails on purpose
// (below); performance is only printed. LIGHTHOUSE_RUNS (default 3) runs each page that many times
// and adds a row of each figure's median (the goals are medians of 3 runs).
// LIGHTHOUSE_PROFILE=1 adds where the signed-in phone page's main thread goes: Lighthouse's
// breakdown of each mobile run and a CPU profile at 4× CPU (scripts/profile-dashboard.mjs).
// LIGHTHOUSE_SAVE_DIR=<dir> writes each run's full report there as JSON (its long tasks with
// their scripts, `bootup-time`, the trace's figures) and its trace (`*.trace.json`, for
// Chromium's performance panel), to read what a score is made of.
// LIGHTHOUSE_CPU_SLOWDOWN=<n> (default 1) measures as if this machine were n times slower:
// both presets' CPU multipliers and the interactions' rate are multiplied by n. A machine whose
// benchmark index is half this one's reads about like n = 2 here.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters as stripAnsi } from 'node:util';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as throttlingPresets } from 'lighthouse/core/config/constants.js';
import desktopPreset from 'lighthouse/core/config/desktop-config.js';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../backend/dist/database/data-source.js';
import { copySeededDatabase, seedSubmissions, seedThread } from '../../backend/bench/seed-submissions.mjs';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';
import { freePort } from '../../scripts/process-utils.mjs';
import { INTERACTION_GOAL_MS, measureInteractions, THREAD_LEAD, THREAD_MESSAGES } from './interactions.mjs';
import { profileDashboard } from './profile-dashboard.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PROFILE = process.env.LIGHTHOUSE_PROFILE === '1';
const SERVE_PORT = process.env.LIGHTHOUSE_SERVE_PORT ?? '8280';
const API_PORT = process.env.LIGHTHOUSE_API_PORT ?? '3280';

/**
 * Audits a page fails by design: the dashboard is kept out of search
 * engines (noindex, robots.txt); an unknown path answers 404, which is not a "successful"
 * status and which the browser logs in the console (the page's own 404, nothing else).
 */
const FAILED_ON_PURPOSE = {
  '/admin': ['seo: is-crawlable'],
  '/no/such/page': ['seo: http-status-code', 'best-practices: errors-in-console (its own 404)'],
};
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/admin', '/privacy', '/no/such/page'];
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR;
const SIGNED_IN_ROWS = Number(process.env.LIGHTHOUSE_SIGNED_IN_ROWS ?? 1_000_000);
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 1);

/** A preset's config with its CPU multiplier times CPU_SLOWDOWN; `extends` keeps Lighthouse's default audits. */
function slowedDown(config, throttling) {
  const settings = {
    ...config.settings,
    throttling: { ...throttling, cpuSlowdownMultiplier: throttling.cpuSlowdownMultiplier * CPU_SLOWDOWN },
  };
  return { ...config, settings };
}
const mobileConfig = slowedDown({ extends: 'lighthouse:default', settings: {} }, throttlingPresets.mobileSlow4G);
const desktopConfig = slowedDown(desktopPreset, desktopPreset.settings.throttling);
const ADMIN = { username: 'admin', password: 'lighthouse-bench-password' };
/** The performance goals (docs/benchmarks.md), printed beside the figures. */
const GOALS = {
  '/': '100, LCP = FCP',
  '/admin': '≥ 98',
  'signed in, mobile': '≥ 95 in every run: LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1',
  'signed in, desktop': '≥ 98',
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Starts `npm run serve`'s script on a fresh database; resolves with its URL, the database's and its stop function once it is ready. */
async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-pg-'));
  // The database is the bench's own (not serve's), so that it can seed it.
  const seeded = SIGNED_IN_ROWS > 0 && (await copySeededDatabase(path.join(dataDir, 'pg'), SIGNED_IN_ROWS));
  const database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort(), persistent: false });
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  const server = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SERVE_PORT,
      SERVE_API_PORT: API_PORT,
      METRICS_PORT: '0',
      SERVE_SKIP_BUILD: process.env.SERVE_SKIP_BUILD ?? '1',
      DATABASE_URL: database.url,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${SERVE_PORT}`;
  for (let waited = 0; waited < 240_000; waited += 500) {
    if (server.exitCode !== null) throw new Error(`npm run serve exited (${server.exitCode})`);
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { baseUrl, databaseUrl: database.url, seeded, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('npm run serve was not ready within 240 s');
}

let saved = 0;
/** Writes a run's report and its trace (what Lighthouse's simulation starts from) into SAVE_DIR, named by its order, page and preset. */
function save(lhr, trace, config) {
  mkdirSync(SAVE_DIR, { recursive: true });
  saved += 1;
  const page = new URL(lhr.finalDisplayedUrl).pathname.replaceAll('/', '_') || '_';
  const file = `${String(saved).padStart(2, '0')}${page}-${config === desktopConfig ? 'desktop' : 'mobile'}.json`;
  writeFileSync(path.join(SAVE_DIR, file), JSON.stringify(lhr));
  writeFileSync(path.join(SAVE_DIR, file.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
}

/** One Lighthouse run; a run whose trace broke (it happens on a busy machine) is tried again, twice at most. */
async function run(url, port, config, attempt = 1) {
  // ignoreStatusCode: the 404 page is audited too, rather than refused as a failed load.
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ignoreStatusCode: true };
  const { lhr, artifacts } = await lighthouse(url, flags, config);
  if (!lhr.runtimeError) {
    if (SAVE_DIR) save(lhr, artifacts.Trace, config);
    return lhr;
  }
  const message = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
  if (attempt === 3) throw new Error(message);
  console.error(`${message}; running it again`);
  return run(url, port, config, attempt + 1);
}

/** The element Lighthouse took as the largest paint, as its selector (the profile of what the LCP waits for). */
function lcpElement(lhr) {
  const table = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
  return table?.items?.[0]?.node?.selector ?? '?';
}

/** Lighthouse's main-thread time by kind of work (its simulated phone's figures), largest first. */
function mainThread(lhr) {
  const items = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  return items.map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`).join(', ');
}

async function audit(url, port, config) {
  const lhr = await run(url, port, config);
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const failed = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => {
        const items = lhr.audits[ref.id].details?.items ?? [];
        const ownStatusOnly = ref.id === 'errors-in-console' && items.every((item) => item.sourceLocation?.url === url);
        return `${category}: ${ref.id}${ownStatusOnly ? ' (its own 404)' : ''}`;
      }),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    // Lighthouse's measure of the machine's speed (higher is faster), which moves its figures:
    // a slow machine's TBT is a fast one's several times over.
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lcpElement(lhr),
    mainThread: mainThread(lhr),
    failed,
  };
}

/**
 * The seed ends with VACUUM ANALYZE of the tables it filled (backend/bench/seed-submissions.mjs);
 * this waits until no autovacuum worker runs either (at most two minutes), so that Lighthouse
 * does not share the machine's cores with PostgreSQL's maintenance of a million new rows.
 */
async function waitForQuietDatabase(db) {
  const started = performance.now();
  const workers = async () =>
    (
      await db.query(
        `SELECT relid::regclass::text AS name FROM pg_stat_progress_vacuum
         UNION ALL SELECT relid::regclass::text FROM pg_stat_progress_analyze`,
      )
    ).map((row) => row.name);
  for (let busy = await workers(); busy.length > 0; busy = await workers()) {
    if (performance.now() - started > 120_000) {
      console.error(`autovacuum still at work after 120 s (${busy.join(', ')}); auditing anyway`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.error(`database quiet (no vacuum or analyse running) after ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Seeds the submissions and signs in through nginx; resolves with the session's cookies. */
async function signIn(server) {
  const db = await new DataSource(dataSourceOptions(server.databaseUrl)).initialize();
  try {
    const started = performance.now();
    if (!server.seeded) await seedSubmissions(db, SIGNED_IN_ROWS);
    await seedThread(db, THREAD_LEAD, THREAD_MESSAGES);
    console.error(
      `${server.seeded ? "make bench's seeded copy of" : 'seeded'} ${SIGNED_IN_ROWS.toLocaleString('en')} submissions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    await waitForQuietDatabase(db);
  } finally {
    await db.destroy();
  }
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((line) => {
    const [name, ...value] = line.split(';')[0].split('=');
    return { name, value: value.join('='), url: server.baseUrl };
  });
}

/**
 * Puts the session's cookies into the browser Lighthouse drives. (Lighthouse's extraHeaders
 * would send them, but the page reads the readable `signed_in` hint from document.cookie.)
 */
async function addCookies(port, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  await browser.contexts()[0].addCookies(cookies);
  await browser.close();
}

const external = process.env.LIGHTHOUSE_BASE_URL;
const server = external ? { baseUrl: external, stop: async () => {} } : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const problems = [];
const rows = [];
const interactions = [];
const profiles = [];
/** A row of the table: the page's `label`, what is shown as `shown` (a run, or the medians), its figures. */
function row(label, shown, { scores, fcp, lcp, tbt, cls, benchmarkIndex }, lcpElementCell) {
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  return `| ${shown} | ${scores.performance} | ${GOALS[label.replaceAll('`', '')] ?? ''} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${seconds(fcp)} | ${seconds(lcp)} | ${Math.round(tbt)} ms | ${cls.toFixed(2)} | ${Math.round(benchmarkIndex)} | ${lcpElementCell} |`;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each figure's median over `results` (figure by figure: not one run's). */
function medianOf(results) {
  const of = (pick) => median(results.map(pick));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, of((result) => result.scores[id])])),
    fcp: of((result) => result.fcp),
    lcp: of((result) => result.lcp),
    tbt: of((result) => result.tbt),
    cls: of((result) => result.cls),
    benchmarkIndex: of((result) => result.benchmarkIndex),
  };
}

/** Audits `path` RUNS times and adds a row each, under `label`, then (more than one run) the medians' row. */
async function auditPage(path, label, config = mobileConfig) {
  const results = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await audit(`${server.baseUrl}${path}`, chrome.port, config);
    results.push(result);
    rows.push(row(label, label, result, `\`${result.lcpElement}\``));
    const expected = FAILED_ON_PURPOSE[path] ?? [];
    problems.push(...result.failed.filter((failure) => !expected.includes(failure)).map((failure) => `${label}: ${failure}`));
    const onPurpose = result.failed.filter((failure) => expected.includes(failure));
    if (onPurpose.length) rows[rows.length - 1] += ` fails on purpose: ${onPurpose.join(', ')}`;
    if (PROFILE && label.startsWith('signed in')) profiles.push(`${label}, main thread: ${result.mainThread}`);
  }
  if (RUNS > 1) rows.push(row(label, `**${label}, median of ${RUNS}**`, medianOf(results), ''));
}
try {
  for (const page of PAGES) await auditPage(page, `\`${page}\``);
  if (!external && SIGNED_IN_ROWS > 0) {
    const cookies = await signIn(server);
    await addCookies(chrome.port, cookies);
    await auditPage('/admin', 'signed in, mobile');
    await auditPage('/admin', 'signed in, desktop', desktopConfig);
    // A failed interaction is reported with the rest, not instead of Lighthouse's table.
    await measureInteractions({ baseUrl: server.baseUrl, cookies, chromiumPath: CHROMIUM, cpuRate: 4 * CPU_SLOWDOWN }).then(
      (results) => interactions.push(...results),
      // Playwright's first lines name the step that failed (its call log: what it waited for).
      (error) => problems.push(`interactions: ${stripAnsi(error.message).split('\n').filter(Boolean).slice(0, 3).join(' ')}`),
    );
    if (PROFILE) {
      const { longTasks, groups } = await profileDashboard({ baseUrl: server.baseUrl, cookies, chromiumPath: CHROMIUM });
      profiles.push(`phone at 4× CPU, long tasks: ${longTasks.join(', ')} ms`);
      profiles.push(
        `phone at 4× CPU, busy time: ${groups
          .slice(0, 25)
          .map(({ group, ms }) => `${group} ${ms} ms`)
          .join(', ')}`,
      );
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

if (SIGNED_IN_ROWS > 0) console.log(`Signed in: ${SIGNED_IN_ROWS.toLocaleString('en')} submissions in the database.`);
console.log(
  '| page | performance | goal | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | benchmark index | LCP element |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
if (interactions.length) {
  console.log(
    `\nThe dashboard's interactions at ${4 * CPU_SLOWDOWN}× CPU slowdown (Event Timing, the longest event of each; goal ≤ ${INTERACTION_GOAL_MS} ms):`,
  );
  console.log('| interaction | latency | events ≥ 16 ms |');
  console.log('|---|---|---|');
  for (const { name, ms, events } of interactions)
    console.log(`| ${name} | ${typeof ms === 'string' ? ms : ms ? `${Math.round(ms)} ms` : '< 16 ms'} | ${events} |`);
}
if (profiles.length) console.log(`\n${profiles.join('\n')}`);
if (problems.length) {
  console.error(`Lighthouse: under 100 (or failed) on\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
