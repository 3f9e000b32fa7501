import { returningOwnerSql } from '../leads/repeat-leads.js';
import { ROUTING_ACTOR, routingCtes } from '../leads/lead-routing.sql.js';
import type { AssembledIntake, IntakeColumn } from '../leads/lead-events.service.js';
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
 * The spam verdict of each submission (src/intake/spam/), stored with it; `spam_reason_list` is its
 * reasons comma-separated (an array of arrays cannot be unnested row by row).
 */
const SPAM_COLUMNS = [
  { field: 'spamScore', column: 'spam_score', type: 'smallint' },
  { field: 'heldAsSpam', column: 'held_as_spam', type: 'boolean' },
  { field: 'spamReasonList', column: 'spam_reason_list', type: 'text' },
] as const;

/** What each request brings beside its submission: not stored in `contact_submissions`. */
const REQUEST_COLUMNS = [
  { field: 'idempotencyKey', column: 'idempotency_key', type: 'text' },
  { field: 'requestHash', column: 'request_hash', type: 'text' },
] as const;

export type SubmissionField = (typeof SUBMISSION_COLUMNS)[number]['field'];

// The channels' settings come first (see storeSubmissionsSql).
const FIRST_CHANNEL_PARAMETER = 1;
const storedNames = SUBMISSION_COLUMNS.map(({ column }) => column).join(', ');

/**
 * The intake's statement with the lead channels' parts (`intake`), and its per-request
 * columns in the order of its array parameters.
 */
export interface StoreSubmissionsStatement {
  sql: string;
  columns: readonly IntakeColumn[];
  intake: AssembledIntake;
}

/**
 * One batch of submissions in one statement, so one transaction and one commit (one WAL
 * flush) for the whole batch, Idempotency-Keys included; the rate limit was checked before
 * (admission.sql.ts: a refused post is not scored, so it counts toward no spam signal):
 * 1. `input`: the batch, one row per request, in arrival order (`ord`);
 * 2. `earlier`: the keys already held by a committed submission younger than their
 *    lifetime: those requests are retries, answered with that submission (or refused when
 *    their body differs) (the admission answers most of them; this catches a key
 *    committed between a request's admission and its batch);
 * 3. `keyed` / `claimed`: the keys of the other (`fresh`) requests, the first of each key in
 *    the batch only, claimed in key order. A key held by a transaction in flight waits for
 *    it (ON CONFLICT), so two requests with one key never both store a lead; once that
 *    transaction has committed, its row is taken over only if expired, and otherwise
 *    returned as it is (the no-op update is what returns the row, which this statement's
 *    snapshot cannot read), so the request is answered with that submission;
 * 4. `inserted` / `stored` / `audited`: the submissions that hold their key (or
 *    have none), with their spam verdict; those held as spam (status `spam`) are left out of
 *    `stored`, which every channel's part reads, so nothing leaves for them until a teammate
 *    releases them (ContactRelease); a returning lead with the owner of the person's latest
 *    assigned lead (returningOwnerSql: one probe of the canonical e-mail index), any other
 *    with the assignee its routing rules give it (routingCtes: the round-robin cursors are
 *    advanced under their locks here), and the `assign` event, in the same transaction;
 * 5. the lead channels' parts (`intake`, registered with LeadEvents: the spreadsheet row,
 *    the `lead.created` webhooks, the new-lead e-mails), each queueing its deliveries with
 *    their payload from `stored`; what they read (endpoints, users) is read by this
 *    statement, not a query before it.
 * The answer is one row per request, in the order of `input`: `stored`, `repeat` (the
 * submission its key stands for) or `key-reused` (its key stands for a submission with
 * another body); a stored lead not held as spam with the base of its booking link (its
 * assignee's `booking_url` as `inserted` set it, else the team's default: src/booking/) and
 * the team's scheduling tool, read here so that the answer costs no query of its own.
 *
 * Parameters: the channels' settings (`intake.parameters()`), then one array per column of
 * `columns`, in its order.
 */
export function storeSubmissionsSql(channels: (firstParameter: number) => AssembledIntake): StoreSubmissionsStatement {
  const intake = channels(FIRST_CHANNEL_PARAMETER);
  const columns = [...SUBMISSION_COLUMNS, ...SPAM_COLUMNS, ...REQUEST_COLUMNS, ...intake.columns];
  const firstArray = FIRST_CHANNEL_PARAMETER + intake.parameterCount;
  const arrays = columns.map(({ type }, index) => `$${index + firstArray}::${type}[]`).join(', ');
  const inputNames = columns.map(({ column }) => column).join(', ');
  const sql = `
  WITH input AS (
    SELECT * FROM unnest(${arrays}) WITH ORDINALITY AS t(${inputNames}, ord)
  ), earlier AS (
    SELECT key, submission_id, request_hash FROM contact_idempotency_keys
     WHERE key IN (SELECT idempotency_key FROM input) AND created_at > now() - ${KEY_LIFETIME}
  ), fresh AS (
    SELECT * FROM input WHERE NOT EXISTS (SELECT FROM earlier WHERE earlier.key = input.idempotency_key)
  ), keyed AS (
    SELECT DISTINCT ON (idempotency_key) idempotency_key, id, request_hash
      FROM fresh WHERE idempotency_key IS NOT NULL ORDER BY idempotency_key, ord
  ), claimed AS (
    INSERT INTO contact_idempotency_keys AS k (key, submission_id, request_hash)
    SELECT idempotency_key, id, request_hash FROM keyed ORDER BY idempotency_key
    ON CONFLICT (key) DO UPDATE SET
      submission_id = CASE WHEN k.created_at <= now() - ${KEY_LIFETIME} THEN excluded.submission_id ELSE k.submission_id END,
      request_hash = CASE WHEN k.created_at <= now() - ${KEY_LIFETIME} THEN excluded.request_hash ELSE k.request_hash END,
      created_at = CASE WHEN k.created_at <= now() - ${KEY_LIFETIME} THEN now() ELSE k.created_at END
    RETURNING key, submission_id, request_hash
  ), passed AS (
    SELECT fresh.*, claimed.submission_id AS holder, claimed.request_hash AS holder_hash,
           fresh.idempotency_key IS NULL OR claimed.submission_id = fresh.id AS keeps
      FROM fresh LEFT JOIN claimed ON claimed.key = fresh.idempotency_key
  ), owned AS (
    SELECT passed.*, CASE WHEN NOT held_as_spam THEN ${returningOwnerSql('passed.email', true)} END AS owner
      FROM passed WHERE keeps
  ), ${routingCtes('(SELECT * FROM owned WHERE owner IS NULL AND NOT held_as_spam)', true)}, inserted AS (
    INSERT INTO contact_submissions (${storedNames}, assignee_id, routing, spam_score, spam_reasons, held_as_spam, status)
    SELECT ${storedNames}, coalesce(owner, routed.assignee_id), routed.routing,
           spam_score, to_jsonb(string_to_array(spam_reason_list, ',')), held_as_spam, CASE WHEN held_as_spam THEN 'spam' ELSE 'new' END
      FROM owned LEFT JOIN routed ON routed.ord = owned.ord ORDER BY owned.ord
    RETURNING *
  ), stored AS (
    SELECT * FROM inserted WHERE NOT held_as_spam
  ), audited AS (
    INSERT INTO audit_events (actor, action, submission_id, detail)
    SELECT CASE WHEN s.routing IS NOT NULL THEN '${ROUTING_ACTOR}' END, 'assign', s.id,
           CASE WHEN s.routing IS NULL THEN jsonb_build_object('from', NULL, 'to', s.assignee_id, 'returning', true)
                ELSE jsonb_build_object('from', NULL, 'to', s.assignee_id, 'routing', s.routing) END
      FROM stored s WHERE s.assignee_id IS NOT NULL
  )${intake.ctes ? `, ${intake.ctes}` : ''}
  SELECT CASE WHEN earlier.key IS NOT NULL THEN CASE WHEN earlier.request_hash = input.request_hash THEN 'repeat' ELSE 'key-reused' END
              WHEN passed.keeps THEN 'stored'
              WHEN passed.holder_hash = input.request_hash THEN 'repeat'
              ELSE 'key-reused' END AS result,
         coalesce(earlier.submission_id, passed.holder) AS "submissionId",
         CASE WHEN passed.keeps AND NOT passed.held_as_spam THEN coalesce(booker.booking_url, booking.default_url) END AS "bookingBase",
         booking.provider AS "bookingProvider"
    FROM input
    LEFT JOIN earlier ON earlier.key = input.idempotency_key
    LEFT JOIN passed ON passed.ord = input.ord
    LEFT JOIN inserted ON passed.keeps AND inserted.id = passed.id
    LEFT JOIN users booker ON booker.id = inserted.assignee_id
    LEFT JOIN booking_settings booking ON true
   ORDER BY input.ord`;
  return { sql, columns, intake };
}
