import type { EntityManager } from 'typeorm';
import { businessMillisecondsBetween } from './business-time.js';
import type { ResponseTimeRules } from './response-time-settings.service.js';

/** A lead whose status changes, as it was before the change. */
export interface LeadBeforeChange {
  id: string;
  status: string;
  submittedAt: Date;
  releasedAt: Date | null;
  firstRespondedAt: Date | null;
}

/**
 * When a lead's response clock starts: its arrival, or its release from the quarantine (held,
 * it was not the team's to answer).
 */
export function responseClockStart(lead: { submittedAt: Date; releasedAt: Date | null }): Date {
  return lead.releasedAt ?? lead.submittedAt;
}

/**
 * Records the first answer of each lead that leaves `new` now (firstRespondedAt, its exact
 * business seconds from its clock's start, which the report compares with the target, and the
 * whole minutes shown), in the transaction of the status change; a lead answered before keeps
 * its first answer. Every path that changes a status calls this (PATCH, bulk).
 */
export async function recordFirstResponses(
  manager: EntityManager,
  leads: LeadBeforeChange[],
  to: string,
  rules: ResponseTimeRules,
  at: Date = new Date(),
): Promise<void> {
  if (to === 'new') return;
  const answered = leads.filter((lead) => lead.status === 'new' && lead.firstRespondedAt === null);
  if (answered.length === 0) return;
  await manager.query(
    `UPDATE contact_submissions s
        SET first_responded_at = $1, response_seconds = answered.ms / 1000.0, response_minutes = floor(answered.ms / 60000.0)
       FROM unnest($2::uuid[], $3::bigint[]) AS answered(id, ms)
      WHERE s.id = answered.id AND s.first_responded_at IS NULL`,
    [
      at,
      answered.map((lead) => lead.id),
      answered.map((lead) => businessMillisecondsBetween(responseClockStart(lead), at, rules.businessHours)),
    ],
  );
}
