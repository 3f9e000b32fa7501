#!/usr/bin/env node
// The leads' replies coming in, through the built API (`npm run build -w backend`) with the
// production heap flags (`npm start`'s), on a database of a million leads:
// - POST /api/inbound/email (a mail provider's inbound webhook) offered a steady 200 messages/s
//   (BENCH_INBOUND_RATE), open loop: each message sent at its scheduled time whatever the
//   answers, on as many connections as that takes, and its time counted from its schedule (a
//   stall counts for every message it delays); the goal's p99 is this one's;
// - the same at saturation, 8 connections in a closed loop: messages a second, and each answer's
//   time (queueing at the saturated server's rate, so not the goal's p99); every message of
//   both matched one of the three ways (its thread headers, the reply token of its Reply-To,
//   the sender's address) and stored; beside them, in interleaved rounds, the same server's
//   floor: GET /api/health/live at 8 connections;
// - from the POST to the `lead.message` event on 20 open dashboards' event streams;
// - the API's peak memory (VmHWM) before and after a message of 25 MB, all of it one
//   attachment; then one of 25 MB of plain text.
// Goals (docs/conversation.md, "Speed"): ≥ 200 messages/s, and p99 ≤ 50 ms at 200 messages/s;
// the event within 2 s; the peak raised by at most twice the message's size.
// Usage: npm run bench:inbound -w backend. BENCH_ROWS (1,000,000): leads; BENCH_INBOUND_SECONDS
// (5): seconds a round; BENCH_INBOUND_ROUNDS (2); BENCH_INBOUND_CASES
// (rate,event,memory,text-memory): the parts run (`BENCH_ROWS=1000
// BENCH_INBOUND_CASES=memory,text-memory` measures the 25 MB messages in a minute). BENCH_INBOUND_CPU_PROFILE=<dir>: the API runs under `node --cpu-prof` (slower), and
// where its time went is printed at the end. BENCH_INBOUND_STATEMENTS=1: PostgreSQL counts the
// statements (pg_stat_statements) of the rate case's stored messages, printed per message.
// Beside each case's rate: the CPU the API, PostgreSQL and this load generator spent per message
// (Linux's /proc, process.cpuUsage), figures that a busy machine disturbs far less than the rate;
// the API's garbage-collection pauses per case, by length (bench/gc-pauses.mjs preloaded); and
// what PostgreSQL did in the background meanwhile (checkpoints, autovacuum, the search index's
// pending list). BENCH_INBOUND_RATE (200): the open loop's messages a second.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../dist/database/data-source.js';
import { down, machineLine, openStream, percentile, signIn, startApi, startDatabase } from './bench-processes.mjs';
import { summarizeCpuProfile } from './cpu-profile-summary.mjs';
import { seedSubmissions } from './seed-submissions.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_INBOUND_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_INBOUND_ROUNDS ?? 2);
const CONNECTIONS = 8;
const RATE = Number(process.env.BENCH_INBOUND_RATE ?? 200);
const THREADS = 20_000; // leads with a message sent to them (a thread and a reply token)
const STREAMS = 20;
const EVENTS = 40;
const EVENT_TIMEOUT_MS = 10_000;
const BIG_MESSAGE_MB = 25;
const REPLY_DOMAIN = 'replies.bench.example';
const SECRET = randomBytes(32).toString('base64url');
const PASSWORD = randomBytes(18).toString('base64url');
const PROFILE_DIR = process.env.BENCH_INBOUND_CPU_PROFILE;
const COUNT_STATEMENTS = process.env.BENCH_INBOUND_STATEMENTS === '1';
const CASES = new Set((process.env.BENCH_INBOUND_CASES ?? 'rate,event,memory,text-memory').split(','));
const OPEN = `inbound e-mail at ${RATE}/s (open loop): the goal's p99`;
const SATURATION = `inbound e-mail at saturation (${CONNECTIONS} connections, closed loop)`;
const FLOOR = 'floor: GET /api/health/live';

let sequence = 0;
/**
 * A lead's reply as its mail client would send it, found by `way`; `lead` = { n, token }.
 * `content`: the body's Content-Type and text (a quoted plain-text answer unless given).
 */
function reply(
  way,
  lead,
  content = {
    type: 'text/plain; charset=utf-8',
    text: `Thanks, here are my times for a call.\n\nOn Monday you wrote:\n> Hello Lead ${lead.n}\n`,
  },
) {
  sequence += 1;
  const headers = [
    `From: Lead ${lead.n} <lead${lead.n}@example.com>`,
    `To: ${way === 'token' ? `replies+${lead.token}@${REPLY_DOMAIN}` : `replies@${REPLY_DOMAIN}`}`,
    'Subject: Re: About your enquiry',
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <in-${sequence}-${randomBytes(6).toString('hex')}@mail.example>`,
    ...(way === 'thread' ? [`In-Reply-To: <out-${lead.n}@bench.example>`, `References: <out-${lead.n}@bench.example>`] : []),
    'MIME-Version: 1.0',
    `Content-Type: ${content.type}`,
  ];
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${content.text.replaceAll(/\r?\n/g, '\r\n')}`);
}

/** A reply of about `mb` MB: a line of text and a PDF attachment, base64 as mail clients send it. */
function replyWithFile(lead, mb) {
  // Base64 in lines of 76 characters and a line break: 78 bytes of message for 57 of file.
  const pdf = randomBytes(Math.floor(((mb * 1024 * 1024 - 2048) * 57) / 78)).toString('base64');
  const text = [
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'My CV, scanned.',
    '--b1',
    'Content-Type: application/pdf; name="cv.pdf"',
    'Content-Disposition: attachment; filename="cv.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    pdf.replace(/.{76}/g, '$&\n'),
    '--b1--',
    '',
  ].join('\n');
  return reply('token', lead, { type: 'multipart/mixed; boundary="b1"', text });
}

/** A reply of about `mb` MB of plain text in lines of 76 characters (a document pasted in), no attachment. */
function replyOfText(lead, mb) {
  const text = randomBytes(Math.floor(((mb * 1024 * 1024 - 2048) * 57) / 78))
    .toString('base64')
    .replace(/.{76}/g, '$&\n');
  return reply('token', lead, { type: 'text/plain; charset=utf-8', text });
}

/**
 * The statements PostgreSQL ran since pg_stat_statements_reset(), most called first: calls, ms
 * of execution and the slowest one's (the API's periodic jobs' among them, a few calls each).
 */
async function statementsSince() {
  return db.query(
    `SELECT calls::int, round(total_exec_time::numeric, 1)::float AS ms, round(max_exec_time::numeric, 1)::float AS max,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements
      WHERE query NOT LIKE '%pg_stat_statements%' AND calls > 0
      ORDER BY calls DESC, total_exec_time DESC`,
  );
}

/**
 * The plan of the inbound statement (the match, the lead's lock, the message stored and the
 * lead's update), each way, as the database of a million leads runs it (EXPLAIN ANALYZE in a
 * transaction rolled back: nothing stays, the lock is let go): one line per node.
 */
async function matchingPlans(lead) {
  const { storeInboundSql } = await import('../dist/conversation/inbound-store.sql.js');
  // $4–$13: from, to, subject, text, quoted text, Message-ID, In-Reply-To, References, date, automatic.
  const stored = (n) => [
    `lead${n}@example.com`,
    `replies@${REPLY_DOMAIN}`,
    'Re: About your enquiry',
    'Thanks',
    null,
    `<plan-${randomBytes(6).toString('hex')}@mail.example>`,
    null,
    null,
    new Date(),
    false,
  ];
  const ways = {
    thread: [[`<out-${lead.n}@bench.example>`], [], `lead${lead.n}@example.com`, ...stored(lead.n)],
    token: [[], [lead.token], `lead${lead.n}@example.com`, ...stored(lead.n)],
    address: [[], [], `lead${lead.n + 1}@example.com`, ...stored(lead.n + 1)],
  };
  const statements = Object.fromEntries(
    Object.entries(ways).map(([way, parameters]) => [
      `the matching by ${way}, and the message stored`,
      [`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, SUMMARY OFF) ${storeInboundSql(0)}`, parameters],
    ]),
  );
  // A lead's first reply makes it awaiting: an indexed column's change, with its triggers' time
  // (the second such update of the session: the first one's includes the trigger's compiling).
  const update = `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) UPDATE contact_submissions
      SET last_message_at = now(), awaiting_reply = true, version = version + 1
    WHERE canonical_email(email) = $1 AND NOT awaiting_reply`;
  statements["the lead's update (its first reply)"] = [update, [`lead${lead.n + 2}@example.com`], update];
  const plans = {};
  for (const [name, [sql, parameters, warmUp]] of Object.entries(statements)) {
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      if (warmUp) await runner.query(warmUp, [`lead${lead.n + 3}@example.com`]);
      plans[name] = (await runner.query(sql, parameters)).map((row) => row['QUERY PLAN']);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }
  return plans;
}

/** One POST of `raw`; answers its ms, or throws unless it was stored. */
async function post(base, raw) {
  const started = performance.now();
  const res = await fetch(`${base}/api/inbound/email`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SECRET}`, 'Content-Type': 'message/rfc822' },
    body: raw,
  });
  const answer = await res.json();
  if (res.status !== 202 || answer.stored !== 1) throw new Error(`inbound: ${res.status} ${JSON.stringify(answer)}`);
  return performance.now() - started;
}

/** `CONNECTIONS` loops calling `request()` for SECONDS; each call's ms. */
async function load(request) {
  const until = performance.now() + SECONDS * 1000;
  const times = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) times.push(await request());
    }),
  );
  return times;
}

/** One POST of `raw` through node:http's `agent`; resolves once the answer is read, throws unless it was stored. */
function postOn(agent, base, raw, sockets) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/inbound/email`,
      {
        method: 'POST',
        agent,
        headers: { Authorization: `Bearer ${SECRET}`, 'Content-Type': 'message/rfc822', 'Content-Length': raw.length },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const answer = Buffer.concat(chunks).toString();
          if (res.statusCode === 202 && JSON.parse(answer).stored === 1) resolve();
          else reject(new Error(`inbound: ${res.statusCode} ${answer}`));
        });
      },
    );
    req.on('socket', (socket) => sockets.add(socket));
    req.on('error', reject);
    req.end(raw);
  });
}

/**
 * RATE messages a second for SECONDS, open loop: message i is due at `i / RATE` s and sent then
 * whatever the answers (all that are due at each timer, should the timer be late), on a new
 * connection whenever every open one is busy (a keep-alive agent without a socket limit), so
 * that the server's slowness never slows the sending. Each message's time runs from when it was
 * due to its answer, so that a stall of the server, or of this process, counts for every
 * message it delays (no coordinated omission). The messages are made before the clock starts.
 */
async function openLoop(base, make) {
  const count = Math.round(RATE * SECONDS);
  const raws = Array.from({ length: count }, make);
  const agent = new http.Agent({ keepAlive: true });
  const sockets = new Set();
  const times = [];
  const answers = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let lateMost = 0;
  const generator = process.cpuUsage();
  const start = performance.now() + 10;
  const due = (index) => start + (index * 1000) / RATE;
  await new Promise((resolve) => {
    let sent = 0;
    const send = () => {
      const now = performance.now();
      for (; sent < count && due(sent) <= now; sent += 1) {
        const scheduled = due(sent);
        lateMost = Math.max(lateMost, now - scheduled);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        answers.push(
          postOn(agent, base, raws[sent], sockets).then(() => {
            inFlight -= 1;
            times.push(performance.now() - scheduled);
          }),
        );
      }
      if (sent < count) setTimeout(send, Math.max(0, due(sent) - performance.now()));
      else resolve();
    };
    send();
  });
  await Promise.all(answers);
  const elapsed = performance.now() - start;
  const used = process.cpuUsage(generator);
  agent.destroy();
  return {
    times,
    storedPerSecond: (count * 1000) / elapsed,
    connections: sockets.size,
    mostInFlight,
    lateMost,
    generatorMs: (used.user + used.system) / 1000,
  };
}

/** The CPU time a process has used, its waited-for children's too, in ms (Linux's /proc, clock ticks of 10 ms). */
async function cpuMs(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command's closing parenthesis: state is the 3rd, utime the 14th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length < 15 ? 0 : fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks) * 10, 0);
}

/** The CPU time of PostgreSQL's postmaster and every process it started (its backends), in ms. */
async function postgresCpuMs() {
  const postmaster = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  let total = await cpuMs(postmaster);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === postmaster) total += await cpuMs(Number(entry));
  }
  return total;
}

/**
 * PostgreSQL's background work so far: checkpoints done, autovacuum and autoanalyze runs (every
 * table), and the pages of the leads' search index's pending list (a GIN index with `fastupdate`
 * keeps new entries there, and the write that finds it over `gin_pending_list_limit` merges it).
 */
async function postgresWork() {
  const [row] = await db.query(
    `SELECT (SELECT num_done FROM pg_stat_checkpointer)::int AS checkpoints,
            (SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0) FROM pg_stat_user_tables)::int AS autovacuums,
            (SELECT pending_pages FROM pgstatginindex('ix_contact_submissions_search'))::int AS "pendingPages"`,
  );
  return row;
}

/** The API's garbage-collection pauses from `from` to `to` (epoch ms), as gc-pauses.mjs wrote them. */
const pausesWithin = (windows) => gcPauses.filter(({ at }) => windows.some(([from, to]) => at >= from && at <= to));

/** The process's peak resident memory so far, in MB (Linux's VmHWM). */
async function peakMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)[1]) / 1024;
}

const database = await startDatabase('inbound', COUNT_STATEMENTS ? { shared_preload_libraries: 'pg_stat_statements' } : {}, ROWS);
const { dataDir } = database;
let api;
let db;
const streams = [];
const statements = [];
const gcPauses = []; // { at: epoch ms, kind, ms }
let plans;
try {
  api = await startApi({
    databaseUrl: database.url,
    adminPassword: PASSWORD,
    env: { INBOUND_EMAIL_SECRET: SECRET, REPLY_ADDRESS: `replies@${REPLY_DOMAIN}` },
    nodeFlags: [
      `--import=${pathToFileURL(path.join(import.meta.dirname, 'gc-pauses.mjs'))}`,
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
    ],
  });
  const { base } = api;
  let partial = '';
  api.child.stderr.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      const [mark, at, kind, ms] = line.split(' ');
      if (mark === 'gc-pause') gcPauses.push({ at: Number(at), kind, ms: Number(ms) });
    }
  });

  // The bench's own connection, without the request pool's time limits.
  db = await new DataSource(dataSourceOptions(database.url)).initialize();
  console.log(
    `seeding ${database.seeded ? '' : `${ROWS.toLocaleString('en')} leads and `}${Math.min(ROWS, THREADS).toLocaleString('en')} threads…`,
  );
  if (!database.seeded) await seedSubmissions(db, ROWS);
  // The newest leads have been written to: a message out (its Message-ID the thread's) and a
  // reply token each, as the API leaves them.
  await db.query(
    `WITH leads AS (SELECT id, email, row_number() OVER (ORDER BY submitted_at DESC) AS rank
                      FROM contact_submissions ORDER BY submitted_at DESC LIMIT $1)
     INSERT INTO lead_messages (submission_id, direction, from_address, to_address, subject, text, message_id, sent_at, state)
     SELECT id, 'out', 'leads@bench.example', email, 'About your enquiry', 'Hello', '<out-' || substr(email, 5, strpos(email, '@') - 5) || '@bench.example>', now(), 'sent'
       FROM leads`,
    [THREADS],
  );
  await db.query(
    `INSERT INTO lead_reply_tokens (submission_id, token)
     SELECT submission_id, substr(md5(random()::text) || md5(random()::text), 1, 40) FROM lead_messages WHERE direction = 'out'`,
  );
  const threads = (
    await db.query(
      `SELECT substr(s.email, 5, strpos(s.email, '@') - 5)::int AS n, t.token
         FROM lead_reply_tokens t JOIN contact_submissions s ON s.id = t.submission_id`,
    )
  ).map(({ n, token }) => ({ n, token }));
  await db.query('VACUUM ANALYZE lead_messages, lead_reply_tokens');
  const passwordHash = await hash(PASSWORD);
  for (let index = 0; index < STREAMS; index += 1)
    await db.query(`INSERT INTO users (username, password, email, display_name, role) VALUES ($1, $2, $3, $1, 'member')`, [
      `teammate${index}`,
      passwordHash,
      `teammate${index}@example.com`,
    ]);

  // Each message one of the three ways in turn, from a lead picked at random: a thread's lead
  // by its headers or token, any of the million by its address.
  const ways = ['thread', 'token', 'address'];
  let turn = 0;
  const next = () => {
    const way = ways[turn++ % 3];
    const lead =
      way === 'address' ? { n: 1 + Math.floor(Math.random() * ROWS) } : threads[Math.floor(Math.random() * threads.length)];
    return reply(way, lead);
  };
  const cases = { [OPEN]: [], [SATURATION]: [], [FLOOR]: [] };
  const cpu = Object.fromEntries(Object.keys(cases).map((name) => [name, { api: 0, postgres: 0, generator: 0 }]));
  const windows = Object.fromEntries(Object.keys(cases).map((name) => [name, []])); // [from, to] epoch ms of each round
  const background = Object.fromEntries(Object.keys(cases).map((name) => [name, { checkpoints: 0, autovacuums: 0, flushes: 0 }]));
  // The open loop's generator CPU counts from its clock's start (its messages are made before).
  const open = { storedPerSecond: [], connections: 0, mostInFlight: 0, lateMost: 0, generatorMs: 0 };
  /** `run()`'s times, and meanwhile the CPU the API, PostgreSQL and this process spent, and PostgreSQL's background work, added to `name`'s. */
  const measured = async (name, run) => {
    const before = { api: await cpuMs(api.child.pid), postgres: await postgresCpuMs(), postgresWork: await postgresWork() };
    const generator = process.cpuUsage();
    const from = Date.now();
    const times = await run();
    windows[name].push([from, Date.now()]);
    const used = process.cpuUsage(generator);
    cpu[name].generator += (used.user + used.system) / 1000;
    cpu[name].api += (await cpuMs(api.child.pid)) - before.api;
    cpu[name].postgres += (await postgresCpuMs()) - before.postgres;
    const after = await postgresWork();
    background[name].checkpoints += after.checkpoints - before.postgresWork.checkpoints;
    background[name].autovacuums += after.autovacuums - before.postgresWork.autovacuums;
    // The pending list only grows between flushes: a shorter one after the round was flushed (once at least).
    background[name].flushes += after.pendingPages < before.postgresWork.pendingPages ? 1 : 0;
    return times;
  };
  await db.query('CREATE EXTENSION IF NOT EXISTS pgstattuple');
  if (COUNT_STATEMENTS) await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const live = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/health/live`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`live: ${res.status}`);
    return performance.now() - started;
  };
  const runs = {
    [OPEN]: async () => {
      const { times, storedPerSecond, connections, mostInFlight, lateMost, generatorMs } = await openLoop(base, next);
      open.generatorMs += generatorMs;
      open.storedPerSecond.push(storedPerSecond);
      open.connections = Math.max(open.connections, connections);
      open.mostInFlight = Math.max(open.mostInFlight, mostInFlight);
      open.lateMost = Math.max(open.lateMost, lateMost);
      return times;
    },
    [SATURATION]: () => load(() => post(base, next())),
    [FLOOR]: () => load(live),
  };
  if (CASES.has('rate')) {
    await load(() => post(base, next())); // warm-up
    if (COUNT_STATEMENTS) await db.query('SELECT pg_stat_statements_reset()');
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? Object.keys(cases) : Object.keys(cases).reverse();
      for (const name of order) cases[name].push(...(await measured(name, runs[name])));
    }
    // Read before anything else runs: every statement since the reset is the rate cases' (the floor's GET runs none).
    if (COUNT_STATEMENTS) statements.push(...(await statementsSince()));
    if (COUNT_STATEMENTS) plans = await matchingPlans(threads[0]);
  }

  // From the POST to the event on every open dashboard.
  const waiting = new Map(); // lead id → { sentAt, arrivals, done }
  for (let index = 0; CASES.has('event') && index < STREAMS; index += 1) {
    const cookie = await signIn(base, `teammate${index}`, PASSWORD);
    streams.push(
      await openStream(base, cookie, (type, data) => {
        const pending = type === 'lead.message' ? waiting.get(data.id) : undefined;
        if (!pending) return;
        pending.arrivals.push(performance.now() - pending.sentAt);
        if (pending.arrivals.length === STREAMS) pending.done();
      }),
    );
  }
  const arrivals = [];
  let lost = 0;
  for (let index = 0; CASES.has('event') && index < EVENTS; index += 1) {
    const lead = threads[index];
    const [{ id }] = await db.query(`SELECT submission_id AS id FROM lead_reply_tokens WHERE token = $1`, [lead.token]);
    const arrived = new Promise((resolve) => waiting.set(id, { sentAt: performance.now(), arrivals: [], done: resolve }));
    await post(base, reply('token', lead));
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, EVENT_TIMEOUT_MS))]);
    arrivals.push(...waiting.get(id).arrivals);
    lost += STREAMS - waiting.get(id).arrivals.length;
    waiting.delete(id);
  }

  // Messages of 25 MB (the endpoint's limit), one after the other: one attachment over the
  // kept size (listed, not kept), as a scanned CV would be; then plain text. Alone, after 200
  // ordinary replies: the peak before is then the API's at work, as after the other parts.
  const bigMessages = [
    ['memory', 'one attachment', () => replyWithFile(threads[EVENTS], BIG_MESSAGE_MB - 0.05)],
    ['text-memory', 'plain text', () => replyOfText(threads[EVENTS + 1], BIG_MESSAGE_MB - 0.05)],
  ].filter(([name]) => CASES.has(name));
  if (bigMessages.length > 0 && !CASES.has('rate')) for (let index = 0; index < 200; index += 1) await post(base, next());
  const peaks = {};
  for (const [, what, make] of bigMessages) {
    const raw = make();
    const mb = raw.length / 1024 / 1024;
    const before = await peakMb(api.child.pid);
    const ms = await post(base, raw);
    const after = await peakMb(api.child.pid);
    peaks[`a ${down(mb, 1)} MB message: ${what}`] = {
      'answer ms': down(ms, 0),
      'peak RSS before MB': down(before, 1),
      'peak RSS after MB': down(after, 1),
      'raised MB': down(after - before, 1),
      'raised ÷ size': down((after - before) / mb, 2),
    };
  }

  console.log(machineLine());
  console.log(
    `${ROWS.toLocaleString('en')} leads, ${threads.length.toLocaleString('en')} of them with a thread; cases ${[...CASES].join(', ')}; ${ROUNDS} interleaved rounds of ${SECONDS} s a case: ${RATE} messages/s open loop, then ${CONNECTIONS} connections closed loop (saturation) and the floor; messages matched by thread, token and address in turn, each stored`,
  );
  const floorRate = cases[FLOOR].length / (ROUNDS * SECONDS);
  const stored = cases[OPEN].length + cases[SATURATION].length;
  const perMessage = (name, ms) => down(ms / cases[name].length, 2);
  if (CASES.has('rate')) {
    const openTimes = cases[OPEN];
    const openStored = Math.min(...open.storedPerSecond);
    console.log(`\nat ${RATE} messages/s offered (open loop, each time from the message's schedule):`);
    console.table({
      [OPEN]: {
        'stored per s': down(openStored, 1),
        'p50 ms': down(percentile(openTimes, 50), 1),
        'p99 ms': down(percentile(openTimes, 99), 1),
        'max ms': down(Math.max(...openTimes), 1),
        connections: open.connections,
        'most in flight': open.mostInFlight,
        'send late ms (most)': down(open.lateMost, 1),
        'API CPU ms each': perMessage(OPEN, cpu[OPEN].api),
        'PostgreSQL CPU ms each': perMessage(OPEN, cpu[OPEN].postgres),
        'generator CPU ms each': perMessage(OPEN, open.generatorMs),
      },
    });
    console.log(`at saturation (${CONNECTIONS} connections, closed loop: its latencies are its queue's):`);
    console.table(
      Object.fromEntries(
        [SATURATION, FLOOR].map((name) => [
          name,
          {
            'per s': down(cases[name].length / (ROUNDS * SECONDS), 0),
            'p50 ms': down(percentile(cases[name], 50), 1),
            'p99 ms': down(percentile(cases[name], 99), 1),
            'rate ÷ floor': down(cases[name].length / (ROUNDS * SECONDS) / floorRate, 3),
            'API CPU ms each': perMessage(name, cpu[name].api),
            'PostgreSQL CPU ms each': perMessage(name, cpu[name].postgres),
            'generator CPU ms each': perMessage(name, cpu[name].generator),
          },
        ]),
      ),
    );
    console.log("the API's garbage-collection pauses during each case (production heap flags):");
    console.table(
      Object.fromEntries(
        Object.keys(cases).map((name) => {
          const pauses = pausesWithin(windows[name]);
          const longer = (ms) => pauses.filter((pause) => pause.ms >= ms).length;
          return [
            name,
            {
              'pauses a 1,000 requests': down((pauses.length * 1000) / cases[name].length, 1),
              'paused ms each': down(pauses.reduce((sum, pause) => sum + pause.ms, 0) / cases[name].length, 3),
              major: pauses.filter((pause) => pause.kind === 'major').length,
              '≥ 2 ms': longer(2),
              '≥ 5 ms': longer(5),
              '≥ 20 ms': longer(20),
              'longest ms': down(Math.max(0, ...pauses.map((pause) => pause.ms)), 1),
            },
          ];
        }),
      ),
    );
    console.log("PostgreSQL's background work during each case:");
    console.table(
      Object.fromEntries(
        Object.entries(background).map(([name, work]) => [
          name,
          {
            checkpoints: work.checkpoints,
            'autovacuum/analyze runs': work.autovacuums,
            'rounds with a search-index pending-list flush': work.flushes,
          },
        ]),
      ),
    );
    console.log(
      `goal line: at ${RATE} messages/s offered, ${down(openStored, 1)} stored a second, p99 ${down(percentile(openTimes, 99), 1)} ms (goal ≥ 200/s with p99 ≤ 50 ms); saturation: ${down(cases[SATURATION].length / (ROUNDS * SECONDS), 0)}/s, p99 ${down(percentile(cases[SATURATION], 99), 1)} ms at ${CONNECTIONS} connections`,
    );
  }
  if (statements.length > 0) {
    const calls = statements.reduce((sum, statement) => sum + statement.calls, 0) / stored;
    console.log(`statements a stored message (pg_stat_statements, BEGIN and COMMIT included): ${down(calls, 2)}`);
    console.table(
      statements.slice(0, 20).map(({ calls, ms, max, query }) => ({
        'per message': down(calls / stored, 2),
        'exec ms each': down(ms / calls, 3),
        'slowest ms': max,
        query,
      })),
    );
  }
  for (const [name, lines] of Object.entries(plans ?? {})) console.log(`\n${name}:\n${lines.join('\n')}`);
  if (CASES.has('event'))
    console.table({
      [`a reply's lead.message on ${STREAMS} open streams`]: {
        events: arrivals.length,
        lost,
        'p50 ms': down(percentile(arrivals, 50), 1),
        'p99 ms': down(percentile(arrivals, 99), 1),
        'max ms': down(Math.max(...arrivals), 1),
      },
    });
  if (bigMessages.length > 0) console.table(peaks);
  console.log(
    'every figure rounded down; the goals: ≥ 200 messages/s, p99 ≤ 50 ms at 200 messages/s, the event within 2 s, the peak raised by ≤ 2× the size',
  );
} finally {
  for (const stream of streams) stream.close();
  await db?.destroy();
  await api?.stop();
  await database.stop();
}

if (PROFILE_DIR) {
  const file = (await readdir(PROFILE_DIR)).find((name) => name.split('.')[3] === String(api.child.pid));
  const { busyMs, idleMs, groups } = summarizeCpuProfile(path.join(PROFILE_DIR, file));
  console.log(`\nthe API's CPU time under the whole benchmark (${file}): busy ${busyMs} ms, idle ${idleMs} ms`);
  console.table(
    groups.slice(0, 25).map(({ group, ms, share }) => ({ group, 'self ms': ms, 'share of busy': `${down(share * 100, 1)} %` })),
  );
}
