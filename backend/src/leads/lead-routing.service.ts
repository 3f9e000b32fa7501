import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returningOwnerSql } from './repeat-leads.js';
import { ROUTING_ACTOR, routingCtes } from './lead-routing.sql.js';

/** What routing gave one lead: its assignee and why (`routing` null for a returning lead's owner). */
export interface RoutedLead {
  assigneeId: string;
  routing: { rule: string | null; reason: string } | null;
}

/** The fields of a lead that routing reads, for the dry run. */
export interface RoutingSample {
  interest: string;
  email: string;
  company?: string | null;
  utmSource?: string | null;
  utmCampaign?: string | null;
  referrer?: string | null;
}

/** Whom a lead would go to, and why: `returning` for the owner of the person's earlier lead. */
export interface RoutingDecision {
  assigneeId: string | null;
  returning: boolean;
  routing: RoutedLead['routing'];
}

/**
 * Routes one stored, unassigned lead ($1) in the caller's transaction: the owner of the
 * person's earlier lead, else the first matching rule, else the fallback (the same SQL as the
 * intake's statement, cursors advanced), with its `assign` event. Nothing for a lead that has
 * an assignee, or that nobody takes.
 */
const ROUTE_LEAD = `
  WITH lead AS (
    SELECT 1 AS ord, c.* FROM contact_submissions c WHERE c.id = $1 AND c.assignee_id IS NULL
  ), owned AS (
    SELECT lead.*, ${returningOwnerSql('lead.email', true)} AS owner FROM lead
  ), ${routingCtes('(SELECT * FROM owned WHERE owner IS NULL)', true)}, updated AS (
    UPDATE contact_submissions c SET assignee_id = coalesce(o.owner, r.assignee_id), routing = r.routing
      FROM owned o LEFT JOIN routed r ON r.ord = o.ord
     WHERE c.id = o.id AND coalesce(o.owner, r.assignee_id) IS NOT NULL
    RETURNING c.id, c.assignee_id, c.routing
  ), audited AS (
    INSERT INTO audit_events (actor, action, submission_id, detail)
    SELECT CASE WHEN u.routing IS NOT NULL THEN '${ROUTING_ACTOR}' END, 'assign', u.id,
           CASE WHEN u.routing IS NULL THEN jsonb_build_object('from', NULL, 'to', u.assignee_id, 'returning', true)
                ELSE jsonb_build_object('from', NULL, 'to', u.assignee_id, 'routing', u.routing) END
      FROM updated u
  )
  SELECT assignee_id AS "assigneeId", routing FROM updated`;

/** The dry run: a sample lead ($1…$6) through the same SQL, reading the cursors without moving them. */
const TEST_ROUTE = `
  WITH sample AS (
    SELECT 1 AS ord, $1::text AS interest, $2::text AS email, $3::text AS company, $4::text AS utm_source,
           $5::text AS utm_campaign, $6::text AS referrer
  ), owned AS (
    SELECT sample.*, ${returningOwnerSql('sample.email')} AS owner FROM sample
  ), ${routingCtes('(SELECT * FROM owned WHERE owner IS NULL)', false)}
  SELECT coalesce(o.owner, r.assignee_id) AS "assigneeId", o.owner IS NOT NULL AS returning, r.routing
    FROM owned o LEFT JOIN routed r ON r.ord = o.ord`;

/**
 * Routing outside the intake's statement (which routes in its own SQL, store-submissions.sql.ts):
 * one stored lead in the caller's transaction (a held lead on its release; later, a lead handed
 * back to routing), and the dry run. The same SQL (lead-routing.sql.ts) everywhere.
 */
@Injectable()
export class LeadRouting {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Routes the stored lead `leadId` in the caller's transaction, if it has no assignee: see
   * ROUTE_LEAD. Null when it has one already, or nobody takes it.
   */
  async routeLead(manager: EntityManager, leadId: string): Promise<RoutedLead | null> {
    const [routed] = await manager.query<RoutedLead[]>(ROUTE_LEAD, [leadId]);
    return routed ?? null;
  }

  /** Whom a lead like `sample` would go to now; nothing stored, no cursor moved. */
  async dryRun(sample: RoutingSample): Promise<RoutingDecision> {
    const [decision] = await this.dataSource.query<RoutingDecision[]>(TEST_ROUTE, [
      sample.interest,
      sample.email,
      sample.company ?? null,
      sample.utmSource ?? null,
      sample.utmCampaign ?? null,
      sample.referrer ?? null,
    ]);
    return decision;
  }
}
