// The benchmarks' submissions, written straight into PostgreSQL: admin-queries.bench.mjs
// measures the API on them, frontend/scripts/lighthouse.mjs the dashboard. Needs the built
// API (`npm run build -w backend`) for its roll-up of the analytics counters.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { SubmissionCountsRollup } from '../dist/leads/submission-counts-rollup.service.js';

/**
 * Loads rows as a bulk import would: without the lead table's indexes, built again afterwards
 * (one sort each instead of a million insertions into each; a quarter less of PostgreSQL's CPU
 * for the seed). The indexes behind constraints (the key, unique columns) stay.
 */
export async function bulkLoad(db, load) {
  const indexes = await db.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = 'contact_submissions'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  for (const { name } of indexes) await db.query(`DROP INDEX ${name}`);
  await load();
  await db.query(`SET maintenance_work_mem = '256MB'`);
  for (const { definition } of indexes) await db.query(definition);
}

/**
 * A bulk load leaves one delta row per 15 minutes of history: fold them as the periodic
 * roll-up would within 30 s, so the figures are those of the running app; then fresh
 * planner statistics.
 */
export async function settleCounts(db) {
  const rollup = new SubmissionCountsRollup(db);
  try {
    // The running app rolls up every 30 s under the same advisory lock, and rollUp() returns
    // false at once when that is under way: the VACUUM below then ran before the app's roll-up
    // committed, and its dead rows slowed the trend and the analytics tenfold (a make bench
    // run measured the trend at 223 ms against 20 ms). Only a roll-up of ours that got the
    // lock comes after every other one.
    while (!(await rollup.rollUp())) await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    rollup.onModuleDestroy();
  }
  // The roll-up left a bulk load's worth of dead delta rows, which the readers' scan of the
  // deltas would wade through until autovacuum comes by (within a minute in the running app).
  await db.query(
    'VACUUM ANALYZE contact_submissions, contact_submission_deltas, contact_submission_buckets, contact_submission_days',
  );
}

/**
 * `rows` submissions, one every 90 s back from now (a million: about three years). Statuses
 * spread as a team's triage leaves them; one lead in 50,000 mentions a rare name; every
 * third has no company; answered leads have a response time (0–599 minutes, and the same in
 * exact seconds, which the response-time report reads), leads still new a due time and their
 * escalation done (the response-time scan leaves them alone).
 */
export async function seedSubmissions(db, rows) {
  await bulkLoad(db, () =>
    db.query(
      `INSERT INTO contact_submissions (name, email, company, interest, submitted_at, status, comments,
                                        utm_source, response_minutes, response_seconds, first_responded_at, response_due_at, escalated_at)
       SELECT 'Lead ' || n, 'lead' || n || '@example.com', CASE WHEN n % 3 = 0 THEN NULL ELSE 'Company ' || (n % 500) END,
              (ARRAY['empower-team', 'community', 'partnership'])[1 + n % 3],
              at, status,
              CASE WHEN n % 50000 = 1 THEN 'Referred by Zoë Quennell' ELSE 'We hire ' || (n % 40) || ' engineers a quarter.' END,
              (ARRAY['google', 'linkedin', 'newsletter', NULL])[1 + n % 4],
              CASE WHEN status NOT IN ('new', 'spam') THEN (n * 37) % 600 END,
              CASE WHEN status NOT IN ('new', 'spam') THEN (n * 37) % 600 * 60 END,
              CASE WHEN status NOT IN ('new', 'spam') THEN at + ((n * 37) % 600) * interval '1 minute' END,
              CASE WHEN status = 'new' THEN at + interval '60 minutes' END,
              CASE WHEN status = 'new' THEN now() END
         FROM generate_series(1, $1) AS n,
              LATERAL (SELECT now() - n * interval '90 seconds' AS at,
                              (ARRAY['new', 'new', 'new', 'new', 'contacted', 'contacted', 'qualified', 'archived', 'archived', 'spam'])[1 + n % 10] AS status) AS lead`,
      [rows],
    ),
  );
  await settleCounts(db);
}

/**
 * A thread of `count` messages on the lead named `name`, as months of e-mail leave it: the
 * team's and the lead's in turn, an hour apart, each a paragraph, the lead's with the quoted
 * history below (folded in the drawer). Lighthouse's interactions open its drawer.
 */
export async function seedThread(db, name, count) {
  await db.query(
    `INSERT INTO lead_messages (submission_id, direction, from_address, to_address, subject, text, quoted_text, message_id,
                                sent_at, received_at, matched_by, state, created_at)
     SELECT lead.id, direction, CASE direction WHEN 'in' THEN lead.email ELSE 'leads@example.com' END,
            CASE direction WHEN 'in' THEN 'replies@example.com' ELSE lead.email END,
            'Re: Your enquiry', 'Message ' || i || ' of the thread. ' || repeat('Thanks for the details, we can talk on Thursday. ', 6),
            CASE direction WHEN 'in' THEN repeat('> An earlier message of the thread, quoted again. ', 12) END,
            '<thread-' || lead.id || '-' || i || '@example.com>', at, CASE direction WHEN 'in' THEN at END,
            CASE direction WHEN 'in' THEN 'thread' END, CASE direction WHEN 'out' THEN 'sent' END, at
       FROM contact_submissions AS lead, generate_series(1, $2) AS i,
            LATERAL (SELECT CASE WHEN i % 2 = 0 THEN 'in' ELSE 'out' END AS direction,
                            now() - ($2 - i) * interval '1 hour' AS at) AS message
      WHERE lead.name = $1`,
    [name, count],
  );
  await db.query(`UPDATE contact_submissions SET last_message_at = now(), awaiting_reply = true WHERE name = $1`, [name]);
}

/**
 * `make bench` seeds its million leads once (bench/seed-database.mjs, into BENCH_SEED_DIR)
 * instead of once in each benchmark that needs them: about 95 s a seed. Puts a copy of that
 * stopped, migrated and seeded cluster at `dataDir` (which must not exist yet) when it holds
 * `rows` leads; resolves true then, false when there is none to copy (a bench run alone seeds
 * its own).
 */
export async function copySeededDatabase(dataDir, rows) {
  const seedDir = process.env.BENCH_SEED_DIR;
  if (!seedDir) return false;
  const seededRows = await readFile(path.join(seedDir, 'rows'), 'utf8').catch(() => '');
  if (Number(seededRows) !== rows) return false;
  // -a keeps the files' owner (the postgres user) and modes, which PostgreSQL checks.
  await promisify(execFile)('cp', ['-a', path.join(seedDir, 'pg'), dataDir]);
  return true;
}
