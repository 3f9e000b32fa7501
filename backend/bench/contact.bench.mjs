#!/usr/bin/env node
// Benchmark of POST /api/contact: the built API (NODE_ENV=production, default logging)
// against a bare node:http + pg server (bare-contact-server.mjs) on the same embedded
// PostgreSQL, at 64 connections (autocannon), runs of each alternating, with one client IP
// and with a new client IP per request (X-Forwarded-For; TRUST_PROXY=1). Prints req/s,
// p50/p99 latency, errors and peak RSS of both, and the ratio API / bare. Prints; never judges.
// Usage: npm run bench:contact -w backend   (after npm run build -w backend)
// BENCH_CONTACT_SECONDS (10) per run, BENCH_CONTACT_RUNS (3) runs of each server per case.
// BENCH_CONTACT_CPU_PROFILE=<dir>: the API runs under `node --cpu-prof` (slower), and the
// benchmark ends with where its CPU time went, by package (bench/cpu-profile-summary.mjs).
// BENCH_API_NODE_OPTIONS: the API's NODE_OPTIONS in place of the Dockerfile's, to weigh
// other heap sizes (e.g. --max-semi-space-size) against their RSS.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';
import { summarizeCpuProfile } from './cpu-profile-summary.mjs';

const SECONDS = Number(process.env.BENCH_CONTACT_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_CONTACT_RUNS ?? 3);
const CONNECTIONS = 64;
const PROFILE_DIR = process.env.BENCH_CONTACT_CPU_PROFILE ? path.resolve(process.env.BENCH_CONTACT_CPU_PROFILE) : undefined;
const backendDir = path.resolve(import.meta.dirname, '..');
// The API's memory flags, as in backend/Dockerfile's NODE_OPTIONS, unless the run says otherwise.
const API_NODE_OPTIONS = process.env.BENCH_API_NODE_OPTIONS ?? '--max-old-space-size=128 --max-semi-space-size=4';

const body = JSON.stringify({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  linkedin: 'https://www.linkedin.com/in/ada',
  company: 'Analytical Engines',
  interest: 'community',
  comments: 'We hire twenty engineers a quarter.',
});

/** Starts `args` with node and waits until `ready` answers; stopped by its PID at the end. */
async function startServer(name, args, env, ready) {
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

/** Peak resident memory of `pid` (MB) while `work` runs, sampled every 100 ms. */
async function withPeakRss(pid, work) {
  let peak = 0;
  const sample = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) peak = Math.max(peak, Number(match[1]) / 1024);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, rssMb: peak };
  } finally {
    clearInterval(timer);
  }
}

async function load(url, manyIps) {
  let next = 0;
  const result = await autocannon({
    url: `${url}/api/contact`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    requests: manyIps
      ? [
          {
            setupRequest: (request) => {
              next += 1;
              const ip = `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
              return { ...request, headers: { ...request.headers, 'x-forwarded-for': ip } };
            },
          },
        ]
      : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'bench-contact-')), 'pg');
const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
const servers = [];
try {
  const apiPort = await freePort();
  const api = await startServer(
    'API',
    [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), 'dist/main.js'],
    {
      PATH: process.env.PATH,
      NODE_OPTIONS: API_NODE_OPTIONS,
      NODE_ENV: 'production',
      PORT: String(apiPort),
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
      CONTACT_RATE_LIMIT: '1000000000',
      TRUST_PROXY: '1',
    },
    { url: `http://127.0.0.1:${apiPort}/api/health/ready` },
  );
  servers.push(api);
  const barePort = await freePort();
  const bare = await startServer(
    'bare',
    ['bench/bare-contact-server.mjs'],
    { PATH: process.env.PATH, PORT: String(barePort), DATABASE_URL: database.url },
    { url: `http://127.0.0.1:${barePort}/api/contact`, init: { method: 'POST', body } },
  );
  servers.push(bare);
  const urls = new Map([
    [api, `http://127.0.0.1:${apiPort}`],
    [bare, `http://127.0.0.1:${barePort}`],
  ]);

  console.log(`${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB; node ${process.version}`);
  console.log(`${RUNS} runs of ${SECONDS} s per server and case, ${CONNECTIONS} connections, alternating bare / API`);
  for (const manyIps of [false, true]) {
    const runs = new Map([
      [bare, []],
      [api, []],
    ]);
    await load(urls.get(bare), manyIps); // warm-up of both, not counted
    await load(urls.get(api), manyIps);
    for (let run = 0; run < RUNS; run += 1) {
      for (const server of [bare, api]) {
        const { result, rssMb } = await withPeakRss(server.child.pid, () => load(urls.get(server), manyIps));
        runs.get(server).push({ ...result, rssMb });
      }
    }
    const summary = (server) => {
      const all = runs.get(server);
      return {
        'req/s (median)': Math.round(median(all.map((r) => r.rps))),
        'req/s (runs)': all.map((r) => Math.round(r.rps)).join(' / '),
        'p50 ms': median(all.map((r) => r.p50)),
        'p99 ms': median(all.map((r) => r.p99)),
        errors: all.reduce((sum, r) => sum + r.errors, 0),
        'peak RSS MB': Math.round(Math.max(...all.map((r) => r.rssMb))),
      };
    };
    const [bareSummary, apiSummary] = [summary(bare), summary(api)];
    console.log(manyIps ? '\nmany client IPs (X-Forwarded-For)' : '\none client IP');
    console.table({ 'bare node:http + pg': bareSummary, API: apiSummary });
    console.log(`API / bare: ${(apiSummary['req/s (median)'] / bareSummary['req/s (median)']).toFixed(2)}×`);
  }
} finally {
  for (const server of servers.reverse()) await server.stop();
  await database.stop();
}

if (PROFILE_DIR) {
  const profiles = (await readdir(PROFILE_DIR)).filter((name) => name.endsWith('.cpuprofile')).sort();
  const file = path.join(PROFILE_DIR, profiles.at(-1));
  const { busyMs, idleMs, groups } = summarizeCpuProfile(file);
  console.log(`\nthe API's CPU time under the whole benchmark (${file}): busy ${busyMs} ms, idle ${idleMs} ms`);
  console.table(
    groups
      .slice(0, 20)
      .map(({ group, ms, share }) => ({ group, 'self ms': ms, 'share of busy': `${(share * 100).toFixed(1)} %` })),
  );
}
