#!/usr/bin/env node
// Benchmark of POST /api/contact, driven by `wrk` (a C client: it leaves the 2 cores to the
// servers it measures) with contact.wrk.lua at 64 connections, on one embedded PostgreSQL
// started with cheap commits (fsync, synchronous_commit and full_page_writes off, for every
// case alike): with a real flush per commit the disk capped the bare server at about
// 1,000 req/s and every case read about 1.0×, measuring the disk rather than the servers.
// In one run, case after case in rounds (interleaved, so a busy moment of the machine
// touches every case alike):
//   bare   node:http + pg, the least a server can do (bare-contact-server.mjs);
//   floor  NestJS + Express + ValidationPipe with the API's DTO and one INSERT per request
//          (floor-contact-app.mjs): what the framework alone costs;
//   API    the built API (NODE_ENV=production, default logging, the image's memory settings),
//          without a key, with a fresh Idempotency-Key per request (what the site sends),
//          and with a new client IP per request (X-Forwarded-For; TRUST_PROXY=1);
//   API + e-mail  a second built API with SMTP_URL set and one `instant` user: every lead
//          also queues a new-lead e-mail, which its delivery worker sends meanwhile to an
//          SMTP server in this process that takes and drops each message (the
//          intake with e-mail on beside off). After every run the benchmark waits until
//          no delivery is pending, so that no case is measured beside those deliveries.
//   API, spam filter off  a third built API with SPAM_FILTER=off, keyed: what scoring every
//          submission at intake costs, beside the keyed API (which scores).
// Prints req/s, p50/p99, errors, peak RSS and CPU ms per request of each: of the server's
// process (Node) and of PostgreSQL (the postmaster and all its processes, those that ended
// included), the ratios to the bare server and to the floor of the same run, and the
// machine's load average. Prints; never judges.
// Usage: npm run bench:contact -w backend   (after npm run build -w backend; needs wrk)
// BENCH_CONTACT_SECONDS (10) per run, BENCH_CONTACT_RUNS (3) rounds; bench:contact:short
// runs 3 × 3 s. BENCH_CONTACT_PORT_BASE: the servers listen on this port and the next five
// (PostgreSQL, bare, floor, API, API + e-mail, API with the spam filter off) instead of free ports.
// BENCH_CONTACT_CPU_PROFILE=<dir>: the floor and the API run under `node --cpu-prof` (slower),
// and the benchmark ends with where each one's CPU time went, by package or file
// (cpu-profile-summary.mjs).
// BENCH_API_NODE_OPTIONS: the API's NODE_OPTIONS in place of the Dockerfile's; BENCH_API_MALLOC_ARENA_MAX
// likewise for its MALLOC_ARENA_MAX ('' leaves glibc's default).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';
import { freePort } from '../../scripts/process-utils.mjs';
import { DATABASE_SETTINGS, down, median, startServer } from './bench-processes.mjs';
import { summarizeCpuProfile } from './cpu-profile-summary.mjs';

const SECONDS = Number(process.env.BENCH_CONTACT_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_CONTACT_RUNS ?? 3);
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const CONNECTIONS = 64;
// BENCH_CONTACT_CASES: a comma-separated choice of floor, api, api-key, api-ip, api-mail (bare always runs).
const CASES = process.env.BENCH_CONTACT_CASES?.split(',');
const PORT_BASE = process.env.BENCH_CONTACT_PORT_BASE ? Number(process.env.BENCH_CONTACT_PORT_BASE) : undefined;
const PROFILE_DIR = process.env.BENCH_CONTACT_CPU_PROFILE ? path.resolve(process.env.BENCH_CONTACT_CPU_PROFILE) : undefined;
// Under BENCH_CONTACT_CPU_PROFILE, the API and the floor run with these flags.
const profiled = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
const wrkScript = path.join(import.meta.dirname, 'contact.wrk.lua');
// The API's memory settings, as in backend/Dockerfile's ENV, unless the run says otherwise.
const API_NODE_OPTIONS = process.env.BENCH_API_NODE_OPTIONS ?? '--max-old-space-size=128 --max-semi-space-size=4';
const API_MALLOC_ARENA_MAX = process.env.BENCH_API_MALLOC_ARENA_MAX ?? '2';
const apiMemory = {
  NODE_OPTIONS: API_NODE_OPTIONS,
  ...(API_MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: API_MALLOC_ARENA_MAX } : {}),
};

const body = JSON.stringify({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  linkedin: 'https://www.linkedin.com/in/ada',
  company: 'Analytical Engines',
  interest: 'community',
  comments: 'We hire twenty engineers a quarter.',
});

const port = (offset) => (PORT_BASE === undefined ? freePort() : PORT_BASE + offset);

/** /proc/<pid>/stat's fields after the command name (field 3 onwards), or undefined once it has exited. */
function statFields(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) that `pid` has used so far, in ms (Linux: clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time of the whole PostgreSQL server so far, in ms: the postmaster's, its children's
 * that it has reaped (cutime, cstime), and each running child's (the backends of the
 * servers' pools, the WAL writer, the checkpointer, autovacuum...).
 */
function databaseCpuMs(postmaster) {
  const own = statFields(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/**
 * Peak resident memory of `pid` (MB), sampled every 100 ms, and the CPU time it used
 * while `work` runs: the CPU per request is less sensitive to a busy machine than req/s.
 */
async function withPeakRss(pid, work) {
  let peak = 0;
  const sample = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) peak = Math.max(peak, Number(match[1]) / 1024);
  };
  const timer = setInterval(sample, 100);
  const cpuBefore = cpuMs(pid);
  const databaseBefore = databaseCpuMs(database.pid);
  try {
    const result = await work();
    sample();
    return { ...result, rssMb: peak, cpuMs: cpuMs(pid) - cpuBefore, databaseCpuMs: databaseCpuMs(database.pid) - databaseBefore };
  } finally {
    clearInterval(timer);
  }
}

/** The longest wait for the e-mail API's queue to empty after a run. */
const QUEUE_TIMEOUT_MS = 120_000;

/**
 * Waits until no delivery is pending, and answers the seconds it took. The e-mail API sends
 * the e-mails its run queued after that run has ended: measured meanwhile, the next case
 * would share the two cores with those deliveries (and with the SMTP server in this process).
 */
async function untilQueueEmpty(db) {
  const started = Date.now();
  const pending = async () => (await db.query(`SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending'`)).rows[0].n;
  while ((await pending()) > 0) {
    if (Date.now() - started > QUEUE_TIMEOUT_MS) {
      console.error(`deliveries still pending after ${QUEUE_TIMEOUT_MS / 1000} s: the next case runs beside them`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return (Date.now() - started) / 1000;
}

const runId = randomBytes(4).toString('hex');
// The processes that run under --cpu-prof, by name: their profiles are summarised at the end.
const profiledPids = new Map();
let runCount = 0;

/** One wrk run of `seconds` against `url`; `perRequest` lists what changes per request ('key', 'ip'). */
async function load(url, perRequest, seconds) {
  runCount += 1;
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '-s', wrkScript, `${url}/api/contact`];
  const { stdout } = await promisify(execFile)('wrk', [...args, '--', body, ...perRequest, `${runId}-${runCount}`]);
  const result = JSON.parse(stdout.trim().split('\n').at(-1));
  return {
    requests: result.requests,
    rps: result.requests / result.seconds,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
  };
}

const load1 = () => os.loadavg()[0].toFixed(2);

try {
  await promisify(execFile)('wrk', ['-v']).catch((error) => {
    // wrk -v prints its version and exits 1; only a missing binary is a problem.
    if (error.code === 'ENOENT') throw error;
  });
} catch {
  console.error('wrk is not installed: apt-get install wrk');
  process.exit(1);
}

const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'bench-contact-')), 'pg');
const database = await startEmbeddedPostgres({ dataDir, port: await port(0), persistent: false, settings: DATABASE_SETTINGS });
const servers = [];
// Takes every message and drops it: the e-mail case's SMTP server (no TLS, no AUTH).
let mailsTaken = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      mailsTaken += 1;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
try {
  const urls = new Map();
  const start = async (name, portOffset, args, env, ready) => {
    const serverPort = await port(portOffset);
    const url = `http://127.0.0.1:${serverPort}`;
    const server = await startServer(name, args, { PATH: process.env.PATH, PORT: String(serverPort), ...env }, ready(url));
    servers.push(server);
    urls.set(server, url);
    return server;
  };
  const postOnce = (url) => ({
    url: `${url}/api/contact`,
    init: { method: 'POST', body, headers: { 'content-type': 'application/json' } },
  });
  const apiEnv = (url) => ({
    ...apiMemory,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
    CONTACT_RATE_LIMIT: '1000000000',
    TRUST_PROXY: '1',
    // The APIs run side by side: no metrics port (the request histogram is counted all the same).
    METRICS_PORT: '0',
    ...(url ? { SMTP_URL: url, MAIL_FROM: 'leads@example.com', PUBLIC_URL: 'https://leads.example.com' } : {}),
  });
  const api = await start('API', 3, [...profiled, 'dist/main.js'], apiEnv(), (url) => ({ url: `${url}/api/health/ready` }));
  // The same API with the spam score off: what scoring at intake costs (the keyed cases side by side).
  const unscored = await start('API, spam filter off', 5, ['dist/main.js'], { ...apiEnv(), SPAM_FILTER: 'off' }, (url) => ({
    url: `${url}/api/health/ready`,
  }));
  const mailing = await start(
    'API + e-mail',
    4,
    ['dist/main.js'],
    apiEnv(`smtp://127.0.0.1:${smtp.server.address().port}`),
    (url) => ({
      url: `${url}/api/health/ready`,
    }),
  );
  // One teammate who wants each lead at once: one e-mail per submission (the env admin has no address).
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query(
    `INSERT INTO users (username, password, email, display_name, role) VALUES ('bench', 'not a hash', 'bench@example.com', 'Bench', 'member')`,
  );
  const bare = await start('bare', 1, ['bench/bare-contact-server.mjs'], { DATABASE_URL: database.url }, postOnce);
  // With the API's memory settings, so that both Nest apps live under the same heap limits.
  const floor = await start(
    'floor',
    2,
    [...profiled, 'bench/floor-contact-app.mjs'],
    { ...apiMemory, DATABASE_URL: database.url },
    postOnce,
  );
  if (PROFILE_DIR) for (const server of [floor, api]) profiledPids.set(server.name, server.child.pid);

  const cases = [
    { id: 'bare', name: 'bare node:http + pg', server: bare, perRequest: [] },
    { id: 'floor', name: 'floor: Nest + ValidationPipe + INSERT', server: floor, perRequest: [] },
    { id: 'api', name: 'API, no key', server: api, perRequest: [] },
    { id: 'api-key', name: 'API, a fresh key per request', server: api, perRequest: ['key'] },
    { id: 'api-key-unscored', name: 'API, spam filter off, a fresh key per request', server: unscored, perRequest: ['key'] },
    { id: 'api-ip', name: 'API, a new client IP per request', server: api, perRequest: ['ip'] },
    { id: 'api-mail', name: 'API + e-mail, a new-lead e-mail per request', server: mailing, perRequest: [] },
  ].filter((one) => CASES === undefined || one.id === 'bare' || CASES.includes(one.id));
  console.log(`${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB; node ${process.version}`);
  console.log(`${RUNS} rounds of ${SECONDS} s per case, ${CONNECTIONS} connections (wrk), cases interleaved`);
  console.log(
    `PostgreSQL: embedded, ${Object.entries(DATABASE_SETTINGS)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')} (commits cost no disk flush, so the database does not cap the bare server)`,
  );
  console.log(
    "CPU ms/req: the server's own process (Node), and every PostgreSQL process during its runs (the other servers' background work, such as the e-mail API's deliveries, included)",
  );
  const loadBefore = load1();
  let queueSeconds = 0;
  for (const { server, perRequest } of cases) {
    await load(urls.get(server), perRequest, WARM_UP_SECONDS);
    queueSeconds += await untilQueueEmpty(db);
  }
  const runs = new Map(cases.map((one) => [one, []]));
  for (let round = 0; round < RUNS; round += 1) {
    // Each round starts one case later, so that no case always follows the same one.
    for (const [index] of cases.entries()) {
      const one = cases[(index + round) % cases.length];
      runs.get(one).push(await withPeakRss(one.server.child.pid, () => load(urls.get(one.server), one.perRequest, SECONDS)));
      queueSeconds += await untilQueueEmpty(db);
    }
  }
  await db.end();
  const bareRps = median(runs.get(cases[0]).map((r) => r.rps));
  const floorCase = cases.find((one) => one.id === 'floor');
  const floorRps = floorCase ? median(runs.get(floorCase).map((r) => r.rps)) : undefined;
  const table = Object.fromEntries(
    cases.map((one) => {
      const all = runs.get(one);
      const rps = median(all.map((r) => r.rps));
      return [
        one.name,
        {
          'req/s (median)': Math.floor(rps),
          'req/s (runs)': all.map((r) => Math.floor(r.rps)).join(' / '),
          '× bare': down(rps / bareRps, 2),
          '× floor': floorRps ? down(rps / floorRps, 2) : '',
          'p50 ms': median(all.map((r) => r.p50)),
          'p99 ms': median(all.map((r) => r.p99)),
          errors: all.reduce((sum, r) => sum + r.errors, 0),
          'CPU ms/req, Node': down(median(all.map((r) => r.cpuMs / r.requests)), 2),
          'CPU ms/req, PostgreSQL': down(median(all.map((r) => r.databaseCpuMs / r.requests)), 2),
          'peak RSS MB': down(Math.max(...all.map((r) => r.rssMb)), 1),
        },
      ];
    }),
  );
  console.table(table);
  const keyed = (id) => median(runs.get(cases.find((one) => one.id === id) ?? cases[0]).map((r) => r.rps));
  if (cases.some((one) => one.id === 'api-key') && cases.some((one) => one.id === 'api-key-unscored'))
    console.log(`spam scoring: the keyed API scored ÷ unscored = ${down(keyed('api-key') / keyed('api-key-unscored'), 2)}`);
  console.log(`load average (1 min): ${loadBefore} before, ${load1()} after; every figure rounded down`);
  console.log(
    `e-mails taken by the SMTP server: ${mailsTaken}; between runs, the benchmark waited ${Math.ceil(queueSeconds)} s in all for the e-mail API's queue to empty`,
  );
} finally {
  for (const server of servers.reverse()) await server.stop();
  await new Promise((resolve) => smtp.close(resolve));
  await database.stop();
}

if (PROFILE_DIR) {
  // One profile a profiled process, named CPU.<date>.<time>.<pid>...: the floor's and the API's.
  const profiles = (await readdir(PROFILE_DIR)).filter((name) => name.endsWith('.cpuprofile'));
  for (const [name, pid] of profiledPids) {
    const file = profiles.find((one) => one.split('.')[3] === String(pid));
    if (!file) continue;
    const { busyMs, idleMs, groups } = summarizeCpuProfile(path.join(PROFILE_DIR, file));
    console.log(`\nthe ${name}'s CPU time under the whole benchmark (${file}): busy ${busyMs} ms, idle ${idleMs} ms`);
    console.table(
      groups.slice(0, 25).map(({ group, ms, share }) => ({ group, 'self ms': ms, 'share of busy': `${down(share * 100, 1)} %` })),
    );
  }
}
