import { INTERESTS } from '../contact/contact-rules.js';
import { slackPlainTextSql } from './slack-text.js';
import { repeatOfSql } from '../contacts/repeat-leads.js';

/** The `webhook` channel of the delivery engine; a delivery's target is its endpoint's id. */
export const WEBHOOK_CHANNEL = 'webhook';

/** A SQL string literal (quotes doubled). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const INTEREST_LABELS = literal(JSON.stringify(Object.fromEntries(INTERESTS.map(({ value, label }) => [value, label]))));

/** An ISO-8601 UTC time with milliseconds, as JSON.stringify writes a Date. */
export const isoTime = (sql: string) => `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A new lead as its webhook's `data` in SQL, from a `contact_submissions` row aliased `s`: the
 * fields of `GET /api/admin/contacts/:id` that a lead has when it arrives, `repeatOf` and
 * `assigneeId` (a returning lead's owner) included (no history, nor the spreadsheet copy's
 * state or the person's other submissions).
 */
const LEAD_DATA = `jsonb_build_object('id', s.id, 'name', s.name, 'email', s.email, 'linkedin', s.linkedin, 'company', s.company,
  'repeatOf', ${repeatOfSql('s.email')}, 'assigneeId', s.assignee_id,
  'interest', s.interest, 'comments', s.comments, 'submittedAt', ${isoTime('s.submitted_at')}, 'status', s.status, 'notes', '[]'::jsonb, 'version', s.version,
  'statusChangedAt', NULL, 'statusChangedBy', NULL, 'utmSource', s.utm_source, 'utmMedium', s.utm_medium, 'utmCampaign', s.utm_campaign,
  'utmTerm', s.utm_term, 'utmContent', s.utm_content, 'referrer', s.referrer, 'landingPath', s.landing_path, 'consentVersion', s.consent_version)`;

/**
 * What a `lead.created` delivery sends to endpoint `e` for submission `s`, in SQL: the
 * Standard Webhooks body `{ type, timestamp, data }`, or Slack's `{ text }` with the lead's
 * name, interest, company and a link to it, after "New lead: " or, for a lead that arrived with
 * its owner, "Returning lead: " (our own words: not escaped). `publicUrl` is the SQL of the
 * site's origin ('' for a relative link).
 */
export function leadCreatedPayloadSql(publicUrl: string): string {
  const kind = `CASE WHEN s.assignee_id IS NULL THEN 'New lead: ' ELSE 'Returning lead: ' END`;
  const text = `${kind} || ${slackPlainTextSql('s.name')} || ' – ' || coalesce(${INTEREST_LABELS}::jsonb ->> s.interest, s.interest)
    || coalesce(' (' || ${slackPlainTextSql('s.company')} || ')', '') || E'\\n' || ${publicUrl} || '/admin?lead=' || s.id`;
  return `CASE WHEN e.format = 'slack' THEN jsonb_build_object('text', ${text})
    ELSE jsonb_build_object('type', 'lead.created', 'timestamp', ${isoTime('now()')}, 'data', ${LEAD_DATA}) END`;
}

/**
 * Queues `lead.created` for each stored submission (a CTE `stored`, rows of
 * contact_submissions) to each active endpoint that takes it: a CTE body for the contact
 * form's one batch statement.
 */
export function queueLeadCreatedSql(publicUrl: string): string {
  return `INSERT INTO deliveries (channel, target, event, submission_id, payload)
    SELECT '${WEBHOOK_CHANNEL}', e.id::text, 'lead.created', s.id, ${leadCreatedPayloadSql(publicUrl)}
      FROM stored s JOIN webhook_endpoints e ON e.active AND 'lead.created' = ANY(e.events)`;
}
