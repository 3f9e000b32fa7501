import { KEY_LIFETIME } from './contact-idempotency.js';

/**
 * The gate in front of scoring: one statement per batch of posts (AdmissionBatcher), before
 * anything of them is scored or recorded. A post the rate limit refuses is answered 429
 * here, so it feeds no spam signal (duplicate-text, network-volume), spends no form token
 * and calls no captcha provider: a stranger cannot use refused posts to taint the text a real
 * visitor will send, nor spend the captcha provider's quota.
 * 1. `input`: the batch, one row per post, in arrival order (`ord`);
 * 2. `earlier`: Idempotency-Keys held by a committed submission younger than their
 *    lifetime: those posts are retries, answered with that submission (or refused when
 *    their body differs), and not counted against the rate limit;
 * 3. `hits` / `ranked`: for the other posts, each client's counter goes up by its posts in
 *    the batch (keys in order: two batches lock shared keys in the same order and cannot
 *    deadlock); a post passes when the counter before the batch plus its rank in the batch
 *    is within the limit ($2), exact however posts spread over batches and replicas;
 * 4. `spent`: the form token of each post that passed, spent (a `rate_limits` row
 *    `form-token:<signature>` kept for the token's day, pruned with the other counters):
 *    a token is accepted once, a second post with it reads as having none (`missing-token`).
 *    Only the first post of a token in the batch may claim it.
 *
 * Parameters: $1 the rate-limit window (ms), $2 the limit, $3 a token's lifetime (ms), then
 * arrays of the rate key, Idempotency-Key, request hash and spent-token key (or null) of each post.
 */
export const ADMISSION_SQL = `
  WITH input AS (
    SELECT * FROM unnest($4::text[], $5::text[], $6::text[], $7::text[])
      WITH ORDINALITY AS t(rate_key, idempotency_key, request_hash, token_key, ord)
  ), earlier AS (
    SELECT key, submission_id, request_hash FROM contact_idempotency_keys
     WHERE key IN (SELECT idempotency_key FROM input) AND created_at > now() - ${KEY_LIFETIME}
  ), fresh AS (
    SELECT * FROM input WHERE NOT EXISTS (SELECT FROM earlier WHERE earlier.key = input.idempotency_key)
  ), hits AS (
    INSERT INTO rate_limits AS r (key, hits, resets_at)
    SELECT rate_key, count(*), now() + $1 * interval '1 millisecond' FROM fresh GROUP BY rate_key ORDER BY rate_key
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.resets_at <= now() THEN excluded.hits ELSE r.hits + excluded.hits END,
      resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
    RETURNING key, hits, resets_at
  ), ranked AS (
    SELECT fresh.*, hits.resets_at,
           hits.hits - count(*) OVER (PARTITION BY fresh.rate_key)
             + row_number() OVER (PARTITION BY fresh.rate_key ORDER BY fresh.ord) <= $2 AS accepted
      FROM fresh JOIN hits ON hits.key = fresh.rate_key
  ), first_of_token AS (
    SELECT DISTINCT ON (token_key) token_key, ord FROM ranked
     WHERE accepted AND token_key IS NOT NULL ORDER BY token_key, ord
  ), spent AS (
    INSERT INTO rate_limits AS r (key, hits, resets_at)
    SELECT token_key, 1, now() + $3 * interval '1 millisecond' FROM first_of_token ORDER BY token_key
    ON CONFLICT (key) DO UPDATE SET hits = r.hits + 1
    RETURNING key, hits
  )
  SELECT CASE WHEN earlier.key IS NOT NULL THEN CASE WHEN earlier.request_hash = input.request_hash THEN 'repeat' ELSE 'key-reused' END
              WHEN ranked.accepted THEN 'admitted'
              ELSE 'limited' END AS result,
         earlier.submission_id AS "submissionId",
         greatest(1, ceil(extract(epoch FROM ranked.resets_at - now())))::int AS "retryAfter",
         coalesce(spent.hits = 1 AND first_of_token.ord = input.ord, false) AS "tokenFresh"
    FROM input
    LEFT JOIN earlier ON earlier.key = input.idempotency_key
    LEFT JOIN ranked ON ranked.ord = input.ord
    LEFT JOIN first_of_token ON first_of_token.token_key = input.token_key
    LEFT JOIN spent ON spent.key = input.token_key
   ORDER BY input.ord`;
