import { repeatOfSql } from './repeat-leads.js';

/** An ISO-8601 UTC time with milliseconds, as JSON.stringify writes a Date. */
export const isoTime = (sql: string) => `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A lead as the channels receive it when it arrives: the fields of `GET /api/admin/contacts/:id`
 * that a lead has at that moment, `repeatOf`, `assigneeId` (a returning lead's owner, or its routed assignee) and `routing`
 * included (no history, nor the spreadsheet copy's state or the person's other submissions).
 * The webhook's `lead.created` sends all of it; the spreadsheet's row a part (SHEET_ROW).
 */
export interface LeadPayload {
  id: string;
  name: string;
  email: string;
  linkedin: string | null;
  company: string | null;
  repeatOf: string | null;
  assigneeId: string | null;
  /** The rule (null: the fallback) and reason that routed it to its assignee; null when routing did not (leads/lead-routing.sql.ts). */
  routing: { rule: string | null; reason: string } | null;
  interest: string;
  comments: string | null;
  submittedAt: string;
  status: string;
  notes: [];
  version: number;
  statusChangedAt: null;
  statusChangedBy: null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
  landingPath: string | null;
  consentVersion: string | null;
}

export type LeadField = keyof LeadPayload;

/**
 * Each field of LeadPayload in SQL, from a `contact_submissions` row aliased `s`: the one
 * place a lead is turned into a payload, so that every channel queues it inside the intake's
 * one statement (docs/decisions/005) and reads the same fields.
 */
const LEAD_FIELDS: Record<LeadField, string> = {
  id: 's.id',
  name: 's.name',
  email: 's.email',
  linkedin: 's.linkedin',
  company: 's.company',
  repeatOf: repeatOfSql('s.email'),
  assigneeId: 's.assignee_id',
  routing: 's.routing',
  interest: 's.interest',
  comments: 's.comments',
  submittedAt: isoTime('s.submitted_at'),
  status: 's.status',
  notes: "'[]'::jsonb",
  version: 's.version',
  statusChangedAt: 'NULL',
  statusChangedBy: 'NULL',
  utmSource: 's.utm_source',
  utmMedium: 's.utm_medium',
  utmCampaign: 's.utm_campaign',
  utmTerm: 's.utm_term',
  utmContent: 's.utm_content',
  referrer: 's.referrer',
  landingPath: 's.landing_path',
  consentVersion: 's.consent_version',
};

/** The lead (row `s`) as a `jsonb` LeadPayload in SQL, or the part of it that `fields` names. */
export function leadPayloadSql(fields: readonly LeadField[] = Object.keys(LEAD_FIELDS) as LeadField[]): string {
  return `jsonb_build_object(${fields.map((field) => `'${field}', ${LEAD_FIELDS[field]}`).join(', ')})`;
}
