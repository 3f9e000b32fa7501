#!/usr/bin/env node
// How long a teammate's change takes to reach the other open dashboards: from the moment a
// PATCH of a lead's status is sent to the moment its `lead.updated` event arrives on each of
// 20 open event streams (GET /api/admin/events, one per teammate), through the built API,
// PostgreSQL's NOTIFY and the API's one LISTEN connection. Measured quiet, and beside intake
// load (`wrk` posting the contact form at 16 connections, a new client IP each), in
// interleaved rounds, so the loaded figure has its baseline from the same minutes.
// The browser's part (its refetch and render) is the browser suite's and Lighthouse's; this
// is the server's part of the one-second promise.
// The API runs as `npm start` runs it (bench-processes.mjs, startApi).
// Usage: npm run bench:live-events -w backend (after npm run build -w backend; needs wrk).
// BENCH_LIVE_CHANGES (40): changes per round and case; BENCH_LIVE_ROUNDS (2).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { down, machineLine, openStream, percentile, signIn, startApi, startDatabase } from './bench-processes.mjs';

const STREAMS = 20;
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 40);
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 2);
const LOAD_CONNECTIONS = 16;
/** A change whose event has not reached every stream by then counts as lost. */
const EVENT_TIMEOUT_MS = 10_000;
const PASSWORD = randomBytes(18).toString('base64url');
const wrkScript = path.join(import.meta.dirname, 'contact.wrk.lua');
const form = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', interest: 'community' });

/** Starts wrk posting the contact form until it is stopped; answers its stop(). */
function intakeLoad(base) {
  const wrk = execFile('wrk', [
    '-t1',
    `-c${LOAD_CONNECTIONS}`,
    '-d600s',
    '-s',
    wrkScript,
    `${base}/api/contact`,
    '--',
    form,
    'ip',
    randomBytes(4).toString('hex'),
  ]);
  return () =>
    new Promise((resolve) => {
      wrk.on('exit', resolve);
      process.kill(wrk.pid, 'SIGTERM');
    });
}

const database = await startDatabase('live');
let api;
const streams = [];
try {
  // TRUST_PROXY: the load's X-Forwarded-For gives each request a client IP of its own.
  api = await startApi({ databaseUrl: database.url, adminPassword: PASSWORD, env: { TRUST_PROXY: '1' } });
  const { base } = api;

  // Twenty teammates, each with one dashboard open (an account holds at most five streams).
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const passwordHash = await hash(PASSWORD);
  const usernames = Array.from({ length: STREAMS }, (_, index) => `teammate${index}`);
  for (const username of usernames)
    await db.query(`INSERT INTO users (username, password, email, display_name, role) VALUES ($1, $2, $3, $1, 'member')`, [
      username,
      passwordHash,
      `${username}@example.com`,
    ]);
  await db.end();

  const waiting = new Map(); // lead id → { sentAt, arrivals: number[], done }
  for (const username of usernames) {
    const cookie = await signIn(base, username, PASSWORD);
    streams.push(
      await openStream(base, cookie, (type, data) => {
        const change = type === 'lead.updated' ? waiting.get(data.id) : undefined;
        if (!change) return;
        change.arrivals.push(performance.now() - change.sentAt);
        if (change.arrivals.length === STREAMS) change.done();
      }),
    );
  }
  const adminCookie = await signIn(base, 'admin', PASSWORD);
  const created = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: form,
  });
  const { id } = await created.json();

  /** One status change, and the ms until each stream heard of it (missing: lost). */
  const change = async (status) => {
    const arrived = new Promise((resolve) => waiting.set(id, { sentAt: performance.now(), arrivals: [], done: resolve }));
    const res = await fetch(`${base}/api/admin/contacts/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: adminCookie },
      body: JSON.stringify({ status }),
    });
    if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${await res.text()}`);
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, EVENT_TIMEOUT_MS))]);
    const { arrivals } = waiting.get(id);
    waiting.delete(id);
    return { arrivals, lost: STREAMS - arrivals.length };
  };

  const results = { quiet: { ms: [], lost: 0 }, 'under intake load': { ms: [], lost: 0 } };
  const statuses = ['contacted', 'qualified'];
  let count = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of round % 2 === 0 ? ['quiet', 'under intake load'] : ['under intake load', 'quiet']) {
      const stopLoad = name === 'quiet' ? undefined : intakeLoad(base);
      if (stopLoad) await new Promise((resolve) => setTimeout(resolve, 1_000)); // the load under way
      for (let i = 0; i < CHANGES; i += 1) {
        const { arrivals, lost } = await change(statuses[count++ % 2]);
        results[name].ms.push(...arrivals);
        results[name].lost += lost;
      }
      await stopLoad?.();
    }
  }

  console.log(machineLine());
  console.log(
    `${ROUNDS} rounds of ${CHANGES} status changes per case, interleaved; each change's event timed on ${STREAMS} open streams (one per teammate), from the PATCH sent to the event read`,
  );
  const quietP50 = percentile(results.quiet.ms, 50);
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([name, { ms, lost }]) => [
        name,
        {
          events: ms.length,
          lost,
          'p50 ms': down(percentile(ms, 50), 1),
          'p99 ms': down(percentile(ms, 99), 1),
          'max ms': down(Math.max(...ms), 1),
          'p50 ÷ quiet p50': down(percentile(ms, 50) / quietP50, 2),
        },
      ]),
    ),
  );
  console.log("every figure rounded down; the goal: a teammate's change on the other screens within 1 s (p99)");
} finally {
  for (const stream of streams) stream.close();
  await api?.stop();
  await database.stop();
}
