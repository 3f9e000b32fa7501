import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import type { ContactSubmission } from '../leads/contact-submission.entity.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { LeadRouting } from '../leads/lead-routing.service.js';

/**
 * Releases a lead held as spam: what its arrival would have sent goes out now, once (its
 * new-lead e-mails, `lead.created` webhooks, spreadsheet row, live `lead.created`, and its
 * auto-reply while the visitor is < 24 h away: LeadEvents.created), in the caller's transaction, with a `release`
 * audit event naming who did it, and routed when it has no assignee (LeadRouting.routeLead). `held_as_spam` goes false for good: a released lead is never
 * held again. The caller holds the row's lock and nudges DeliveryWorker after the commit.
 */
@Injectable()
export class ContactRelease {
  constructor(
    private readonly audit: AuditService,
    private readonly leadEvents: LeadEvents,
    private readonly routing: LeadRouting,
  ) {}

  async release(manager: EntityManager, row: ContactSubmission, actor: Actor): Promise<void> {
    const [, released] = await manager.query<[unknown, number]>(
      'UPDATE contact_submissions SET held_as_spam = false, released_at = now() WHERE id = $1 AND held_as_spam',
      [row.id],
    );
    if (released === 0) return;
    await this.audit.record({ actor, action: 'release', submissionId: row.id, detail: { score: row.spamScore } }, manager);
    // Routed now, as at arrival (held spam is not routed before): its e-mails and webhooks name the assignee.
    const routed = await this.routing.routeLead(manager, row.id);
    if (routed) Object.assign(row, routed);
    await this.leadEvents.created(manager, row);
  }
}
