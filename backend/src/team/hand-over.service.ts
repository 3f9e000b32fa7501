import { BadRequestException, Injectable } from '@nestjs/common';
import { type EntityManager, In, IsNull } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import { ASSIGNABLE_ROLES } from '../identity/assignable-roles.js';
import { User } from '../identity/user.entity.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { LeadDetail } from '../leads/lead-detail.service.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { LeadRouting } from '../leads/lead-routing.service.js';

/** `handOverTo`'s value that gives the leads back to the routing rules rather than to a person. */
export const BACK_TO_ROUTING = 'routing';

export const HAND_OVER_RULE = 'handOverTo must be the id of an active member or admin (not the account disabled), or "routing"';

/** The leads a teammate still has to work: new or contacted, not held as spam. */
const OPEN_LEADS = `assignee_id = $1 AND status IN ('new', 'contacted') AND NOT held_as_spam`;

/**
 * A disabled teammate's open leads, handed over in the disable's transaction (the caller's
 * `manager`): to a person, or back to the routing rules; each lead with its `assign` event
 * and its new version (live events, `lead.updated` webhooks), the whole with a `hand-over`
 * audit event, the new owner with one "Assigned to you" e-mail for them all.
 */
@Injectable()
export class HandOver {
  constructor(
    private readonly audit: AuditService,
    private readonly leads: LeadDetail,
    private readonly leadEvents: LeadEvents,
    private readonly routing: LeadRouting,
  ) {}

  /** How many open leads each of `userIds` owns (missing: none). */
  async openLeadCounts(manager: EntityManager, userIds: string[]): Promise<Map<string, number>> {
    const rows = await manager.query<Array<{ userId: string; leads: number }>>(
      `SELECT assignee_id AS "userId", count(*)::int AS leads FROM contact_submissions
        WHERE ${OPEN_LEADS.replace('assignee_id = $1', 'assignee_id = ANY($1::uuid[])')} GROUP BY assignee_id`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.userId, row.leads]));
  }

  /** 400 (HAND_OVER_RULE) unless `to` is "routing" or an active member's or admin's id other than `from`. */
  async check(manager: EntityManager, from: string, to: string): Promise<void> {
    if (to === BACK_TO_ROUTING) return;
    const assignable = { id: to, disabledAt: IsNull(), role: In(ASSIGNABLE_ROLES) };
    if (to === from || !(await manager.existsBy(User, assignable))) throw new BadRequestException([HAND_OVER_RULE]);
  }

  /** Hands `from`'s open leads to `to` (checked by `check`); how many were handed over. */
  async handOver(manager: EntityManager, from: string, to: string, actor: Actor): Promise<number> {
    const rows = await manager.query<Array<{ id: string }>>(
      `SELECT id FROM contact_submissions WHERE ${OPEN_LEADS} ORDER BY id FOR UPDATE`,
      [from],
    );
    const leads = await manager.findBy(ContactSubmission, { id: In(rows.map((row) => row.id)) });
    if (to === BACK_TO_ROUTING) await this.backToRouting(manager, leads, actor);
    else await this.giveTo(manager, leads, to, actor);
    await this.audit.record({ actor, action: 'hand-over', detail: { userId: from, to, leads: leads.length } }, manager);
    return leads.length;
  }

  /**
   * Gives the leads back to the routing rules: each is unassigned, then routed as at intake
   * (LeadRouting.routeLead, with its own `assign` event naming the rule); one nobody takes stays
   * unassigned (the inbox's "Unassigned"). Each new owner hears of theirs in one e-mail.
   */
  private async backToRouting(manager: EntityManager, leads: ContactSubmission[], actor: Actor): Promise<void> {
    const byOwner = new Map<string, ContactSubmission[]>();
    for (const lead of leads) {
      await manager.update(ContactSubmission, { id: lead.id }, { assigneeId: null });
      await this.audit.record(
        { actor, action: 'assign', submissionId: lead.id, detail: { from: lead.assigneeId, to: null } },
        manager,
      );
      const routed = await this.routing.routeLead(manager, lead.id);
      await this.leads.changed(manager, lead.id);
      if (routed) byOwner.set(routed.assigneeId, [...(byOwner.get(routed.assigneeId) ?? []), { ...lead, ...routed }]);
    }
    for (const [owner, theirs] of byOwner) await this.leadEvents.assigned(manager, theirs, owner, actor);
  }

  /** Gives the leads to `to`, who hears of them in one "Assigned to you" e-mail. */
  private async giveTo(manager: EntityManager, leads: ContactSubmission[], to: string, actor: Actor): Promise<void> {
    for (const lead of leads) await this.reassign(manager, lead, to, actor);
    if (leads.length > 0) await this.leadEvents.assigned(manager, leads, to, actor);
  }

  private async reassign(manager: EntityManager, lead: ContactSubmission, to: string | null, actor: Actor): Promise<void> {
    await manager.update(ContactSubmission, { id: lead.id }, { assigneeId: to });
    await this.audit.record({ actor, action: 'assign', submissionId: lead.id, detail: { from: lead.assigneeId, to } }, manager);
    await this.leads.changed(manager, lead.id);
  }
}
