#!/usr/bin/env node
// How soon a routed lead's owner hears of it (docs/routing.md; issue 43's "a lead that matches
// a rule is owned and its owner told within a second of its 201; the others are not
// disturbed"), through the built API (`npm run build -w backend`) with the production flags
// (`npm start`'s):
// - an admin, three members; the rule "Partnerships" (interest is partnership) deals its leads
//   round robin to two of them, Ann and Bob; everyone keeps the default notification choices;
// - BENCH_ROUTING_LEADS matching leads posted one at a time, a few a second (a busy day's
//   burst), quiet and then beside intake load (other leads posted at 4 connections, given by
//   the fallback to a teammate who takes no e-mail, so the load queues no e-mail of its own);
// - for each lead, from its 201 to its owner's new-lead e-mail taken by an SMTP server in this
//   process, and to the `lead.created` event on the owner's open event stream;
// - every e-mail about those leads that reached anyone but their owner (the goal: none).
// Usage: npm run bench:routing -w backend. BENCH_ROUTING_LEADS (60): leads a case;
// BENCH_ROUTING_GAP_MS (200): the pause between two of them.
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { down, machineLine, openStream, percentile, signIn, startApi, startDatabase } from './bench-processes.mjs';

const LEADS = Number(process.env.BENCH_ROUTING_LEADS ?? 60);
const GAP_MS = Number(process.env.BENCH_ROUTING_GAP_MS ?? 200);
const LOAD_CONNECTIONS = 4;
/** An e-mail or event not there by then counts as missing. */
const WAIT_MS = 10_000;
/** After the last lead, how long stray e-mails (to non-owners) may still come. */
const SETTLE_MS = 2_000;
const PASSWORD = randomBytes(18).toString('base64url');
const OWNERS = ['ann', 'bob'];
const OTHERS = ['cid'];
const LOAD_TAKER = 'lou';

/** The e-mails taken, each with its recipients, its Reply-To (the lead's address) and when it ended. */
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 16_384) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      const at = performance.now();
      const headers = head.slice(0, head.indexOf('\r\n\r\n'));
      const replyTo = /^Reply-To: *(?:.*<)?([^<>\s]+@[^<>\s]+?)>?\s*$/im.exec(headers)?.[1]?.toLowerCase();
      mails.push({ at, to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), replyTo });
      callback();
    });
  },
});
smtp.on('error', () => undefined);

/** Posts a lead; answers its id and when its 201 came, or throws. */
async function postLead(base, body) {
  const res = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const at = performance.now();
  const answer = await res.json();
  if (res.status !== 201) throw new Error(`contact: ${res.status} ${JSON.stringify(answer)}`);
  return { id: answer.id, at };
}

/** Other leads posted at LOAD_CONNECTIONS until stopped; answers its stop(), which says how many. */
function intakeLoad(base) {
  let running = true;
  let posted = 0;
  const loops = Array.from({ length: LOAD_CONNECTIONS }, async (_, connection) => {
    while (running) {
      posted += 1;
      await postLead(base, { name: 'Load Lead', email: `load${connection}-${posted}@load.example`, interest: 'community' });
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return posted;
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ready()` answers something other than undefined, or WAIT_MS; answers it. */
async function waitUntil(ready) {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    const value = ready();
    if (value !== undefined || performance.now() > deadline) return value;
    await sleep(5);
  }
}

const database = await startDatabase('routing');
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
let api;
const streams = [];
try {
  // The outbox's poll interval is the production default (5 s).
  api = await startApi({
    databaseUrl: database.url,
    adminPassword: PASSWORD,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
      MAIL_FROM: 'leads@bench.example',
      PUBLIC_URL: 'https://leads.bench.example',
    },
  });
  const { base } = api;

  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const passwordHash = await hash(PASSWORD);
  const ids = {};
  for (const username of [...OWNERS, ...OTHERS, LOAD_TAKER]) {
    // The column defaults are a new member's choices (new leads: mine; assigned to me: on).
    const [{ id }] = (
      await db.query(
        `INSERT INTO users (username, password, email, display_name, role) VALUES ($1, $2, $3, $1, 'member') RETURNING id`,
        [username, passwordHash, `${username}@team.example`],
      )
    ).rows;
    ids[username] = id;
  }
  await db.query(`UPDATE users SET notify_new_lead = 'off', notify_assigned = false WHERE username = $1`, [LOAD_TAKER]);
  await db.query(`UPDATE users SET email = 'admin@team.example' WHERE username = 'admin'`);
  const choices = (
    await db.query(`SELECT username, notify_new_lead AS "newLead", notify_assigned AS assigned FROM users ORDER BY username`)
  ).rows;
  await db.end();

  const adminCookie = await signIn(base, 'admin', PASSWORD);
  const rules = {
    rules: [
      {
        name: 'Partnerships',
        when: [{ field: 'interest', op: 'is', value: 'partnership' }],
        pool: OWNERS.map((name) => ids[name]),
        strategy: 'round-robin',
      },
    ],
    fallback: { pool: [ids[LOAD_TAKER]], strategy: 'round-robin' },
  };
  const saved = await fetch(`${base}/api/admin/routing`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: adminCookie },
    body: JSON.stringify(rules),
  });
  if (saved.status !== 200) throw new Error(`routing: ${saved.status} ${await saved.text()}`);

  // Each owner's dashboard open: when its lead.created came, by lead id and stream owner.
  const events = new Map(); // `${leadId} ${ownerId}` → performance.now()
  for (const username of OWNERS) {
    const cookie = await signIn(base, username, PASSWORD);
    streams.push(
      await openStream(base, cookie, (type, data) => {
        if (type === 'lead.created') events.set(`${data.id} ${ids[username]}`, performance.now());
      }),
    );
  }

  let sequence = 0;
  /** LEADS matching leads, one every GAP_MS; per lead its owner's e-mail and event delays. */
  async function measure() {
    const leads = [];
    for (let index = 0; index < LEADS; index += 1) {
      sequence += 1;
      const email = `partner${sequence}@partners.example`;
      const { id, at } = await postLead(base, { name: `Partner ${sequence}`, email, interest: 'partnership' });
      leads.push({ id, email, at });
      await sleep(GAP_MS);
    }
    const owner = new Map();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    for (const { id, assignee } of (
      await client.query(`SELECT id, assignee_id AS assignee FROM contact_submissions WHERE id = ANY($1::uuid[])`, [
        leads.map((lead) => lead.id),
      ])
    ).rows)
      owner.set(id, assignee);
    await client.end();
    const emailOf = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, `${name}@team.example`]));
    const emailMs = [];
    const eventMs = [];
    let unowned = 0;
    for (const lead of leads) {
      const ownerId = owner.get(lead.id);
      if (!ownerId || !OWNERS.some((name) => ids[name] === ownerId)) unowned += 1;
      const mail = await waitUntil(() =>
        mails.find((taken) => taken.replyTo === lead.email && taken.to.includes(emailOf[ownerId])),
      );
      if (mail) emailMs.push(mail.at - lead.at);
      const eventAt = await waitUntil(() => events.get(`${lead.id} ${ownerId}`));
      if (eventAt !== undefined) eventMs.push(eventAt - lead.at);
    }
    await sleep(SETTLE_MS);
    const addresses = new Set(leads.map((lead) => lead.email));
    const owners = new Map(leads.map((lead) => [lead.email, emailOf[owner.get(lead.id)]]));
    const disturbed = mails
      .filter((mail) => addresses.has(mail.replyTo))
      .reduce((count, mail) => count + mail.to.filter((to) => to !== owners.get(mail.replyTo)).length, 0);
    return { emailMs, eventMs, unowned, disturbed };
  }

  const results = {};
  results.quiet = await measure();
  const stopLoad = intakeLoad(base);
  await sleep(1_000); // the load under way
  const started = performance.now();
  results['beside intake load'] = await measure();
  const loadLeads = await stopLoad();
  const loadRate = loadLeads / ((performance.now() - started + 1_000) / 1000);

  console.log(machineLine());
  console.log(
    `the rule Partnerships deals to ${OWNERS.join(' and ')} round robin; ${LEADS} matching leads a case, one every ${GAP_MS} ms after the last 201; the load: ${LOAD_CONNECTIONS} connections posting other leads, ${down(loadRate, 0)} leads/s; choices: ${choices.map((c) => `${c.username} ${c.newLead}${c.assigned ? '+assigned' : ''}`).join(', ')}`,
  );
  const row = (ms) => ({
    n: ms.length,
    'p50 ms': ms.length ? down(percentile(ms, 50), 1) : '-',
    'p99 ms': ms.length ? down(percentile(ms, 99), 1) : '-',
    'max ms': ms.length ? down(Math.max(...ms), 1) : '-',
  });
  console.table(
    Object.fromEntries(
      Object.entries(results).flatMap(([name, { emailMs, eventMs }]) => [
        [`${name}: 201 → owner's e-mail at SMTP`, { ...row(emailMs), missing: LEADS - emailMs.length }],
        [`${name}: 201 → lead.created on owner's stream`, { ...row(eventMs), missing: LEADS - eventMs.length }],
      ]),
    ),
  );
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([name, { unowned, disturbed }]) => [
        name,
        { 'leads not owned by Ann or Bob': unowned, 'e-mails about them to anyone but the owner': disturbed },
      ]),
    ),
  );
  console.log("every figure rounded down; the goal: the owner's e-mail within 1 s of the 201 (p99), nobody else e-mailed");
} finally {
  for (const stream of streams) stream.close();
  await api?.stop();
  await database.stop();
  await new Promise((resolve) => smtp.close(resolve));
}
