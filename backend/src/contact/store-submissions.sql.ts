import { QUEUE_NEW_LEAD_EMAILS } from '../mail/new-lead-emails.sql.js';
import { SHEET_ROW_SQL } from '../sheets/sheets-outbox.service.js';
import { queueLeadCreatedSql } from '../webhooks/webhook-payload.sql.js';
import { returningOwnerSql } from '../contacts/repeat-leads.js';
import { KEY_LIFETIME } from './contact-idempotency.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';

/**
 * The submission's columns in `contact_submissions`, the one list of them: the statement's
 * parameters, its `unnest` and its INSERT are derived from it, in its order. `field` is the
 * name in NewSubmission (and in the form's DTO), `type` the column's SQL type.
 */
export const SUBMISSION_COLUMNS = [
  { field: 'id', column: 'id', type: 'uuid' },
  { field: 'name', column: 'name', type: 'text' },
  { field: 'email', column: 'email', type: 'text' },
  { field: 'linkedin', column: 'linkedin', type: 'text' },
  { field: 'company', column: 'company', type: 'text' },
  { field: 'interest', column: 'interest', type: 'text' },
  { field: 'comments', column: 'comments', type: 'text' },
  { field: 'utmSource', column: 'utm_source', type: 'text' },
  { field: 'utmMedium', column: 'utm_medium', type: 'text' },
  { field: 'utmCampaign', column: 'utm_campaign', type: 'text' },
  { field: 'utmTerm', column: 'utm_term', type: 'text' },
  { field: 'utmContent', column: 'utm_content', type: 'text' },
  { field: 'referrer', column: 'referrer', type: 'text' },
  { field: 'landingPath', column: 'landing_path', type: 'text' },
  { field: 'consentVersion', column: 'consent_version', type: 'text' },
] as const satisfies ReadonlyArray<{ field: 'id' | keyof CreateContactDto; column: string; type: string }>;

/**
 * The spam verdict of each submission (src/spam/), stored with it; `spam_reason_list` is its
 * reasons comma-separated (an array of arrays cannot be unnested row by row).
 */
const SPAM_COLUMNS = [
  { field: 'spamScore', column: 'spam_score', type: 'smallint' },
  { field: 'heldAsSpam', column: 'held_as_spam', type: 'boolean' },
  { field: 'spamReasonList', column: 'spam_reason_list', type: 'text' },
] as const;

/**
 * What each request brings beside its submission: not stored in `contact_submissions`. The
 * `notice_*` columns are its new-lead e-mail, rendered before the statement (NULL while e-mail
 * is off), sent to each user whose choice is `instant`; the `returning_*` columns are the same
 * e-mail for a returning lead ("Returning lead: …"), sent to its owner alone.
 */
const REQUEST_COLUMNS = [
  { field: 'rateKey', column: 'rate_key', type: 'text' },
  { field: 'idempotencyKey', column: 'idempotency_key', type: 'text' },
  { field: 'requestHash', column: 'request_hash', type: 'text' },
  { field: 'noticeSubject', column: 'notice_subject', type: 'text' },
  { field: 'noticeText', column: 'notice_text', type: 'text' },
  { field: 'noticeHtml', column: 'notice_html', type: 'text' },
  { field: 'returningSubject', column: 'returning_subject', type: 'text' },
  { field: 'returningText', column: 'returning_text', type: 'text' },
  { field: 'returningHtml', column: 'returning_html', type: 'text' },
] as const;

/** The statement's per-request columns, in the order of its array parameters (from $4). */
export const INPUT_COLUMNS = [...SUBMISSION_COLUMNS, ...SPAM_COLUMNS, ...REQUEST_COLUMNS];

export type SubmissionField = (typeof SUBMISSION_COLUMNS)[number]['field'];
export type InputField = (typeof INPUT_COLUMNS)[number]['field'];

// $1–$4 are the batch's scalars (see STORE_SUBMISSIONS); the columns' arrays follow.
const FIRST_ARRAY = 5;
const arrays = INPUT_COLUMNS.map(({ type }, index) => `$${index + FIRST_ARRAY}::${type}[]`).join(', ');
const inputNames = INPUT_COLUMNS.map(({ column }) => column).join(', ');
const storedNames = SUBMISSION_COLUMNS.map(({ column }) => column).join(', ');

/**
 * One batch of submissions in one statement, so one transaction and one commit (one WAL
 * flush) for the whole batch, rate limit and Idempotency-Keys included; no query before it:
 * 1. `input`: the batch, one row per request, in arrival order (`ord`);
 * 2. `earlier`: the keys already held by a committed submission younger than their
 *    lifetime: those requests are retries, answered with that submission (or refused when
 *    their body differs) and not counted against the rate limit;
 * 3. `hits`: for the other (`fresh`) requests, each client's rate-limit counter goes up by
 *    its requests in the batch (keys in order, so two batches lock shared keys in the same
 *    order and cannot deadlock);
 * 4. `ranked`: each request's place in its client's window: the counter before the batch
 *    plus its rank within the batch, so exactly the limit ($2) passes however the requests
 *    are spread over batches and replicas;
 * 5. `keyed` / `claimed`: the keys of the requests that passed, the first of each key in
 *    the batch only, claimed in key order. A key held by a transaction in flight waits for
 *    it (ON CONFLICT), so two requests with one key never both store a lead; once that
 *    transaction has committed, its row is taken over only if expired, and otherwise
 *    returned as it is (the no-op update is what returns the row, which this statement's
 *    snapshot cannot read), so the request is answered with that submission;
 * 6. `inserted` / `stored` / `queued` / `hooked` / `noticed` / `audited`: the submissions that
 *    passed and hold their key (or have none), with their spam verdict; those held as spam
 *    (status `spam`) are left out of `stored`, which every channel's part reads, so nothing
 *    leaves for them until a teammate releases them (ContactRelease); a returning lead with the owner of the person's latest
 *    assigned lead (returningOwnerSql: one probe of the canonical e-mail index), their
 *    spreadsheet deliveries (when $3 says the sync is on), their `lead.created` webhooks (one
 *    per active endpoint that takes it) and their new-lead e-mails (one per user whose choice
 *    is `instant`, or the owner alone for a returning lead, when e-mail is on), each with its
 *    payload, and the owner's `assign` event, in the same transaction; the endpoints and users
 *    are read by this statement, not a query before it.
 * The answer is one row per request, in the order of `input`: `stored`, `limited` (with
 * the seconds to wait), `repeat` (the submission its key stands for) or `key-reused` (its
 * key stands for a submission with another body).
 *
 * Parameters: $1 the rate-limit window (ms), $2 the limit, $3 whether to queue spreadsheet
 * deliveries, $4 the site's origin for links in webhooks ('' for relative links), then one
 * array per column of INPUT_COLUMNS, in its order.
 */
export const STORE_SUBMISSIONS = `
  WITH input AS (
    SELECT * FROM unnest(${arrays}) WITH ORDINALITY AS t(${inputNames}, ord)
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
  ), keyed AS (
    SELECT DISTINCT ON (idempotency_key) idempotency_key, id, request_hash
      FROM ranked WHERE accepted AND idempotency_key IS NOT NULL ORDER BY idempotency_key, ord
  ), claimed AS (
    INSERT INTO contact_idempotency_keys AS k (key, submission_id, request_hash)
    SELECT idempotency_key, id, request_hash FROM keyed ORDER BY idempotency_key
    ON CONFLICT (key) DO UPDATE SET
      submission_id = CASE WHEN k.created_at <= now() - ${KEY_LIFETIME} THEN excluded.submission_id ELSE k.submission_id END,
      request_hash = CASE WHEN k.created_at <= now() - ${KEY_LIFETIME} THEN excluded.request_hash ELSE k.request_hash END,
      created_at = CASE WHEN k.created_at <= now() - ${KEY_LIFETIME} THEN now() ELSE k.created_at END
    RETURNING key, submission_id, request_hash
  ), passed AS (
    SELECT ranked.*, claimed.submission_id AS holder, claimed.request_hash AS holder_hash,
           accepted AND (ranked.idempotency_key IS NULL OR claimed.submission_id = ranked.id) AS keeps
      FROM ranked LEFT JOIN claimed ON claimed.key = ranked.idempotency_key
  ), inserted AS (
    INSERT INTO contact_submissions (${storedNames}, assignee_id, spam_score, spam_reasons, held_as_spam, status)
    SELECT ${storedNames}, CASE WHEN NOT held_as_spam THEN ${returningOwnerSql('passed.email')} END,
           spam_score, to_jsonb(string_to_array(spam_reason_list, ',')), held_as_spam, CASE WHEN held_as_spam THEN 'spam' ELSE 'new' END
      FROM passed WHERE keeps ORDER BY ord
    RETURNING *
  ), stored AS (
    SELECT * FROM inserted WHERE NOT held_as_spam
  ), queued AS (
    INSERT INTO deliveries (channel, event, submission_id, payload)
    SELECT 'sheet', 'append', s.id, ${SHEET_ROW_SQL} FROM stored s WHERE $3::boolean
  ), hooked AS (
    ${queueLeadCreatedSql('$4::text')}
  ), noticed AS (
    ${QUEUE_NEW_LEAD_EMAILS}
  ), audited AS (
    INSERT INTO audit_events (action, submission_id, detail)
    SELECT 'assign', s.id, jsonb_build_object('from', NULL, 'to', s.assignee_id, 'returning', true)
      FROM stored s WHERE s.assignee_id IS NOT NULL
  )
  SELECT CASE WHEN earlier.key IS NOT NULL THEN CASE WHEN earlier.request_hash = input.request_hash THEN 'repeat' ELSE 'key-reused' END
              WHEN NOT passed.accepted THEN 'limited'
              WHEN passed.keeps THEN 'stored'
              WHEN passed.holder_hash = input.request_hash THEN 'repeat'
              ELSE 'key-reused' END AS result,
         coalesce(earlier.submission_id, passed.holder) AS "submissionId",
         greatest(1, ceil(extract(epoch FROM passed.resets_at - now())))::int AS "retryAfter"
    FROM input
    LEFT JOIN earlier ON earlier.key = input.idempotency_key
    LEFT JOIN passed ON passed.ord = input.ord
   ORDER BY input.ord`;
