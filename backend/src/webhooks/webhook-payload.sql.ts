import { queueDeliveriesSql } from '../deliveries/queue-delivery.js';
import { INTERESTS } from '../leads/contact-rules.js';
import { slackPlainTextSql } from './slack-text.js';
import { isoTime, leadPayloadSql } from '../leads/lead-payload.js';

/** The `webhook` channel of the delivery engine; a delivery's target is its endpoint's id. */
export const WEBHOOK_CHANNEL = 'webhook';

/** A SQL string literal (quotes doubled). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const INTEREST_LABELS = literal(JSON.stringify(Object.fromEntries(INTERESTS.map(({ value, label }) => [value, label]))));

/**
 * What a `lead.created` delivery sends to endpoint `e` for submission `s`, in SQL: the
 * Standard Webhooks body `{ type, timestamp, data }`, or Slack's `{ text }` with the lead's
 * name, interest, company and a link to it, after "New lead: " or, for a lead that arrived with
 * its owner, "Returning lead: " (our own words: not escaped). `publicUrl` is the SQL of the
 * site's origin ('' for a relative link).
 */
export function leadCreatedPayloadSql(publicUrl: string): string {
  // A routed lead is new; one that arrived with an assignee and no routing is a returning lead.
  const kind = `CASE WHEN s.assignee_id IS NULL OR s.routing IS NOT NULL THEN 'New lead: ' ELSE 'Returning lead: ' END`;
  const text = `${kind} || ${slackPlainTextSql('s.name')} || ' – ' || coalesce(${INTEREST_LABELS}::jsonb ->> s.interest, s.interest)
    || coalesce(' (' || ${slackPlainTextSql('s.company')} || ')', '') || E'\\n' || ${publicUrl} || '/admin?lead=' || s.id`;
  return `CASE WHEN e.format = 'slack' THEN jsonb_build_object('text', ${text})
    ELSE jsonb_build_object('type', 'lead.created', 'timestamp', ${isoTime('now()')}, 'data', ${leadPayloadSql()}) END`;
}

/**
 * Queues `lead.created` for each submission of `leads` (rows of contact_submissions: the
 * intake's CTE `stored`, or one released lead) to each active endpoint that takes it.
 */
export function queueLeadCreatedSql(leads: string, publicUrl: string): string {
  return queueDeliveriesSql(`SELECT '${WEBHOOK_CHANNEL}', e.id::text, 'lead.created', s.id, ${leadCreatedPayloadSql(publicUrl)}
      FROM ${leads} s JOIN webhook_endpoints e ON e.active AND 'lead.created' = ANY(e.events)`);
}
