import { KEY_LIFETIME } from './contact-idempotency.js';

/**
 * One batch of submissions in one statement, so one transaction and one commit (one WAL
 * flush) for the whole batch, rate limit included:
 * 1. `input`: the batch, one row per request, in arrival order (`ord`);
 * 2. `hits`: each client's rate-limit counter goes up by its requests in the batch (keys in
 *    order, so two batches lock shared keys in the same order and cannot deadlock);
 * 3. `ranked`: each request's place in its client's window: the counter before the batch
 *    plus its rank within the batch, so exactly CONTACT_RATE_LIMIT requests pass however
 *    the requests are spread over batches and replicas;
 * 4. `keyed` / `claimed`: the Idempotency-Keys of the requests that passed, the first of
 *    each key in the batch only, claimed in key order; a key held by a committed submission
 *    (younger than its lifetime) is not claimed, and one held by a transaction in flight
 *    waits for it (ON CONFLICT), so two requests with one key never both store a lead;
 * 5. `stored` / `queued`: the submissions that passed and hold their key (or have none),
 *    and their spreadsheet deliveries (when the sync is on) in the same transaction.
 * The answer is one row per request, in the order of `input`: `stored`, `limited` (with
 * the seconds to wait) or `key-taken` (another request with its key was stored first).
 *
 * Parameters: $1–$8 the batch's columns as arrays (id, name, email, linkedin, company,
 * interest, comments, rate-limit key), $9 the window (ms), $10 the limit, $11 whether to
 * queue spreadsheet deliveries, $12 and $13 each request's Idempotency-Key and request hash
 * (null without a key), $14–$21 the provenance columns (utm_source, utm_medium,
 * utm_campaign, utm_term, utm_content, referrer, landing_path, consent_version).
 */
export const STORE_SUBMISSIONS = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                         $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[],
                         $19::text[], $20::text[], $21::text[])
      WITH ORDINALITY AS t(id, name, email, linkedin, company, interest, comments, rate_key, idempotency_key, request_hash,
                           utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_path,
                           consent_version, ord)
  ), hits AS (
    INSERT INTO rate_limits AS r (key, hits, resets_at)
    SELECT rate_key, count(*), now() + $9 * interval '1 millisecond' FROM input GROUP BY rate_key ORDER BY rate_key
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.resets_at <= now() THEN excluded.hits ELSE r.hits + excluded.hits END,
      resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
    RETURNING key, hits, resets_at
  ), ranked AS (
    SELECT input.*, hits.resets_at,
           hits.hits - count(*) OVER (PARTITION BY input.rate_key)
             + row_number() OVER (PARTITION BY input.rate_key ORDER BY input.ord) <= $10 AS accepted
      FROM input JOIN hits ON hits.key = input.rate_key
  ), keyed AS (
    SELECT DISTINCT ON (idempotency_key) idempotency_key, id, request_hash
      FROM ranked WHERE accepted AND idempotency_key IS NOT NULL ORDER BY idempotency_key, ord
  ), claimed AS (
    INSERT INTO contact_idempotency_keys AS k (key, submission_id, request_hash)
    SELECT idempotency_key, id, request_hash FROM keyed ORDER BY idempotency_key
    ON CONFLICT (key) DO UPDATE SET submission_id = excluded.submission_id, request_hash = excluded.request_hash, created_at = now()
      WHERE k.created_at <= now() - ${KEY_LIFETIME}
    RETURNING submission_id
  ), passed AS (
    SELECT ranked.*, NOT accepted AS limited,
           accepted AND (idempotency_key IS NULL OR id IN (SELECT submission_id FROM claimed)) AS keeps
      FROM ranked
  ), stored AS (
    INSERT INTO contact_submissions (id, name, email, linkedin, company, interest, comments, utm_source, utm_medium,
                                     utm_campaign, utm_term, utm_content, referrer, landing_path, consent_version)
    SELECT id, name, email, linkedin, company, interest, comments, utm_source, utm_medium,
           utm_campaign, utm_term, utm_content, referrer, landing_path, consent_version
      FROM passed WHERE keeps ORDER BY ord
    RETURNING id
  ), queued AS (
    INSERT INTO sheet_deliveries (submission_id) SELECT id FROM stored WHERE $11::boolean
  )
  SELECT CASE WHEN keeps THEN 'stored' WHEN limited THEN 'limited' ELSE 'key-taken' END AS result,
         greatest(1, ceil(extract(epoch FROM resets_at - now())))::int AS "retryAfter"
    FROM passed ORDER BY ord`;
