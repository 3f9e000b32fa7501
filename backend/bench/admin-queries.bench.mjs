#!/usr/bin/env node
// Benchmark of the admin dashboard's two queries at a million submissions (one every 90 s,
// about three years' worth), through the real
// API (built: `npm run build -w backend`) on a real PostgreSQL. Prints each figure and its
// ratio to a baseline measured in the same run:
// - a deep keyset page (the cursor after 900,000 rows) against the first page, and against
//   the same page read with OFFSET (what an index-less design would do);
// - the analytics answer against a plain count(*) over the table;
// - the analytics answer with a million submissions all in this month against the same
//   answer with a thousand, in zones with whole-hour, 30- and 45-minute offsets;
// - the inbox: a filtered page (a rare word, an interest, two statuses, a year's range) with
//   its X-Total-Count, the same filters without the word;
// - the response-time report (≤ 50 ms through HTTP) over the last 30 days and the last year;
// - beside their goals (docs/api.md): the trend of a year (p50/p95 through HTTP, ≤ 50 ms) in zones with
//   whole-hour, 30- and 45-minute offsets, and the CSV export of every row (rows/s, and the
//   process's RSS at its start, after each quarter of the rows and at its peak: ≤ 30 MB above
//   the start), twice: the first after start-up, then the one the goal is read on.
// The process runs with the API's production heap flags (package.json's `bench` script, as
// `npm start` and the image do): the RSS it reports is the one the API would have.
// Usage: npm run bench -w backend   (BENCH_ROWS changes the table size)
import 'reflect-metadata';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';
import { freePort } from '../../scripts/process-utils.mjs';
import { configureApp } from '../dist/app-setup.js';
import { AppModule } from '../dist/app.module.js';
import { dataSourceOptions } from '../dist/database/data-source.js';
import { bulkLoad, copySeededDatabase, seedSubmissions, settleCounts } from './seed-submissions.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = 15;

/** p50 and p95 of `runs` timed runs, after a warm-up. */
async function percentiles(run, runs) {
  await run();
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)], p95: times[Math.ceil(runs * 0.95) - 1] };
}

async function median(run) {
  await run(); // warm-up
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'bench-')), 'pg');
const seeded = await copySeededDatabase(dataDir, ROWS);
const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
const app = await NestFactory.create(
  AppModule.forRoot({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: server.url,
    // The response-time scan would work through the rows seeded later (this-month analytics)
    // while they are measured: kept out of the measurements.
    RESPONSE_SCAN_INTERVAL_MS: '86400000',
    // No metrics port: a `make dev` or `make serve` left running holds the default 9464.
    METRICS_PORT: '0',
  }),
  {
    bodyParser: false,
    logger: false,
  },
);
configureApp(app);
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
// The bench's own connection, without the request pool's time limits: seeding a million
// rows takes longer than any request may.
const db = await new DataSource(dataSourceOptions(server.url)).initialize();

try {
  if (seeded) console.log(`${ROWS.toLocaleString('en')} submissions (make bench's seeded copy)`);
  else {
    console.log(`seeding ${ROWS.toLocaleString('en')} submissions…`);
    await seedSubmissions(db, ROWS);
  }

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin-dev-password' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const get = async (url) => {
    const res = await fetch(`${base}${url}`, { headers: { Cookie: cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res;
  };

  const depth = Math.floor(ROWS * 0.9);
  const [row] = await db.query(
    'SELECT id, submitted_at FROM contact_submissions ORDER BY submitted_at DESC, id DESC OFFSET $1 LIMIT 1',
    [depth - 1],
  );
  const cursor = Buffer.from(`${row.submitted_at.toISOString()}|${row.id}`).toString('base64url');

  const firstPage = await median(() => get('/api/admin/contacts'));
  const deepPage = await median(() => get(`/api/admin/contacts?cursor=${cursor}`));
  const offsetPage = await median(() =>
    db.query('SELECT * FROM contact_submissions ORDER BY submitted_at DESC, id DESC OFFSET $1 LIMIT 51', [depth]),
  );
  const analytics = await median(() => get('/api/admin/analytics?tz=Europe/Paris'));
  const plainCount = await median(() => db.query('SELECT count(*) FROM contact_submissions'));

  const ms = (value) => `${value.toFixed(1)} ms`;
  console.table({
    'first page (HTTP)': { median: ms(firstPage), ratio: '1.00 (baseline)' },
    [`page after ${depth.toLocaleString('en')} rows, keyset (HTTP)`]: {
      median: ms(deepPage),
      ratio: (deepPage / firstPage).toFixed(2),
    },
    [`same page by OFFSET (SQL only)`]: { median: ms(offsetPage), ratio: (offsetPage / firstPage).toFixed(2) },
    'analytics (HTTP)': { median: ms(analytics), ratio: `${(analytics / plainCount).toFixed(2)} of count(*)` },
    'count(*) (SQL only)': { median: ms(plainCount), ratio: '1.00 (baseline)' },
  });

  // The inbox at a million submissions.
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
  const filters = `interest=community&status=new,contacted&from=${yearAgo}&to=${new Date().toISOString()}`;
  let rareTotal = '';
  let wideTotal = '';
  const rarePage = await median(async () => {
    rareTotal = (await get(`/api/admin/contacts?q=quennell&${filters}`)).headers.get('x-total-count');
  });
  const widePage = await median(async () => {
    const res = await get(`/api/admin/contacts?${filters}`);
    wideTotal = `${res.headers.get('x-total-count')}${res.headers.get('x-total-count-estimated') ? ' (estimated)' : ''}`;
  });
  const searchPage = await median(() => get('/api/admin/contacts?q=lead%20123'));
  console.table({
    [`rare word + interest + 2 statuses + a year (HTTP), X-Total-Count ${rareTotal}`]: { median: ms(rarePage) },
    [`interest + 2 statuses + a year (HTTP), X-Total-Count ${wideTotal}`]: { median: ms(widePage) },
    ['q=lead 123, every status but spam and archived (HTTP)']: { median: ms(searchPage) },
  });

  // The goal: the trend of a year ≤ 50 ms through HTTP, in zones whose days start on
  // a whole, a half and a three-quarter hour (St John's and Los Angeles change offset twice a year).
  const TREND_GOAL_MS = 50;
  const trendZones = ['America/Los_Angeles', 'Asia/Kathmandu', 'America/St_Johns'];
  const trends = {};
  for (const tz of trendZones) trends[tz] = await percentiles(() => get(`/api/admin/analytics/trend?tz=${tz}&days=365`), 20);
  console.table(
    Object.fromEntries(
      trendZones.map((tz) => [
        `trend, 365 days, tz=${tz} (HTTP)`,
        {
          p50: ms(trends[tz].p50),
          p95: ms(trends[tz].p95),
          goal: `≤ ${TREND_GOAL_MS} ms`,
          met: trends[tz].p95 <= TREND_GOAL_MS ? 'yes' : 'no',
        },
      ]),
    ),
  );

  // The export of every row, read as a browser downloads it; RSS sampled while it streams.
  // Goal: never more than 30 MB above its start, however many rows.
  // The response-time report: ≤ 50 ms through HTTP over a month (an index-only scan of
  // ix_contact_submissions_submitted_at_id; VACUUM keeps the visibility map current, as
  // autovacuum does in production). A year is printed beside it.
  await db.query('VACUUM ANALYZE contact_submissions');
  const REPORT_GOAL_MS = 50;
  const dayMs = 86_400_000;
  const reportRanges = { 'last 30 days': 30, 'last 365 days': 365 };
  const reports = {};
  for (const [label, days] of Object.entries(reportRanges)) {
    const from = new Date(Date.now() - days * dayMs).toISOString();
    reports[label] = await percentiles(() => get(`/api/admin/analytics/response-time?from=${from}&tz=Europe/Paris`), 20);
  }
  console.table(
    Object.fromEntries(
      Object.keys(reportRanges).map((label) => [
        `response-time report, ${label} (HTTP)`,
        {
          p50: ms(reports[label].p50),
          p95: ms(reports[label].p95),
          goal: label === 'last 30 days' ? `≤ ${REPORT_GOAL_MS} ms` : '-',
          met: label === 'last 30 days' ? (reports[label].p95 <= REPORT_GOAL_MS ? 'yes' : 'no') : '-',
        },
      ]),
    ),
  );

  // What a team lead reads in the month's report (the seed's assignees and sources).
  const month = await (
    await get(`/api/admin/analytics/response-time?from=${new Date(Date.now() - 30 * dayMs).toISOString()}&tz=Europe/Paris`)
  ).json();
  const { leads, answered, waiting, overdue, medianMinutes, p90Minutes, withinTarget } = month;
  console.log("the last 30 days' response-time report:");
  console.table({ all: { leads, answered, waiting, overdue, medianMinutes, p90Minutes, withinTarget } });
  console.table(
    month.byAssignee.map(({ displayName, answered: n, medianMinutes: median, withinTarget: within }) => ({
      assignee: displayName,
      answered: n,
      median,
      withinTarget: within,
    })),
  );
  console.table(
    month.bySource.map(({ source, leads: n, answered: a, qualified, medianMinutes: median }) => ({
      source,
      leads: n,
      answered: a,
      qualified,
      median,
    })),
  );

  const EXPORT_GROWTH_GOAL = 30 * 1024 * 1024;
  const mb = (value) => `${(value / 1024 / 1024).toFixed(0)} MB`;
  /** One export of every row: its speed, and the process's RSS at its start, each quarter of the rows and its peak. */
  const measureExport = async () => {
    const before = process.memoryUsage();
    let peak = before;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      if (now.rss > peak.rss) peak = now;
    }, 50);
    const exportStart = performance.now();
    const download = await get('/api/admin/contacts/export.csv?status=new,contacted,qualified,archived,spam');
    let bytes = 0;
    let lines = 0;
    // RSS each time another quarter of the rows has arrived: flat when memory does not grow with rows.
    const rssAtQuarter = [];
    for await (const chunk of download.body) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
      if (lines >= ((rssAtQuarter.length + 1) * ROWS) / 4) rssAtQuarter.push(process.memoryUsage().rss);
    }
    const exportSeconds = (performance.now() - exportStart) / 1000;
    clearInterval(sampler);
    return { before, peak, bytes, lines, rssAtQuarter, exportSeconds, growth: Math.max(peak.rss, ...rssAtQuarter) - before.rss };
  };
  // Twice: the first export after start-up also pays the process's one-time warm-up (V8
  // compiling the row loop's code, outside its heap: RssAnon, while RssFile stays flat), about
  // 30-45 MB whatever the row count, which the next one does not; the goal is read on the
  // second, as the other figures here are read after a warm-up. Both are printed.
  const exports = { 'first after start-up': await measureExport(), second: await measureExport() };
  console.table(
    Object.fromEntries(
      Object.entries(exports).map(([which, { before, peak, bytes, lines, rssAtQuarter, exportSeconds, growth }]) => [
        `CSV export, every row (HTTP), ${which}`,
        {
          rows: (lines - 1).toLocaleString('en'),
          seconds: exportSeconds.toFixed(1),
          'rows/s': Math.round((lines - 1) / exportSeconds).toLocaleString('en'),
          size: mb(bytes),
          'RSS start': mb(before.rss),
          'RSS at 25/50/75/100 %': rssAtQuarter.map(mb).join(', '),
          'RSS peak': mb(peak.rss),
          growth: mb(growth),
          goal: which === 'second' ? `≤ ${mb(EXPORT_GROWTH_GOAL)}` : '-',
          met: which === 'second' ? (growth <= EXPORT_GROWTH_GOAL ? 'yes' : 'no') : '-',
        },
      ]),
    ),
  );
  // Where the memory is, at the start and at the peak of each: V8's heap (used, and reserved by
  // its young and old generations), buffers outside it (sockets, pg's reads).
  const heap = (usage) => `${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}`;
  const usageRow = (usage) => ({
    rss: mb(usage.rss),
    'heap used of reserved': heap(usage),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
  });
  console.table(
    Object.fromEntries(
      Object.entries(exports).flatMap(([which, { before, peak }]) => [
        [`${which}: at the start`, usageRow(before)],
        [`${which}: at the peak`, usageRow(peak)],
      ]),
    ),
  );

  // Every row this month in every zone: since the latest month start (UTC-12's) until now.
  const seedThisMonth = async (rows) => {
    await db.query('TRUNCATE contact_submissions CASCADE');
    await bulkLoad(db, () =>
      db.query(
        `INSERT INTO contact_submissions (name, email, company, interest, submitted_at)
       SELECT 'Lead ' || n, 'lead' || n || '@example.com', 'Company ' || (n % 500),
              (ARRAY['empower-team', 'community', 'partnership'])[1 + n % 3],
              now() - (n::float8 / $1) * (now() - date_trunc('month', now(), 'Etc/GMT+12'))
         FROM generate_series(1, $1) AS n`,
        [rows],
      ),
    );
    await settleCounts(db);
  };
  const zones = ['UTC', 'Europe/Paris', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Eucla'];
  const analyticsIn = async () => {
    const times = {};
    for (const tz of zones) times[tz] = await median(() => get(`/api/admin/analytics?tz=${tz}`));
    return times;
  };
  await seedThisMonth(1000);
  const small = await analyticsIn();
  await seedThisMonth(ROWS);
  const large = await analyticsIn();
  console.table(
    Object.fromEntries(
      zones.map((tz) => [
        `analytics, tz=${tz} (HTTP)`,
        {
          '1,000 this month': ms(small[tz]),
          [`${ROWS.toLocaleString('en')} this month`]: ms(large[tz]),
          ratio: (large[tz] / small[tz]).toFixed(2),
        },
      ]),
    ),
  );
} finally {
  await db.destroy();
  await app.close();
  await server.stop();
}
