import { Injectable, type OnModuleInit } from '@nestjs/common';
import { LeadEvents } from '../leads/lead-events.service.js';
import { notifyLive } from '../common/live-event.js';
import type { CreatedLead } from './lead-created-listener.service.js';

/**
 * The dashboards' channel of the lead's events, heard by every replica's listeners when the
 * change commits. A lead stored by the form is announced by the contact_submissions trigger
 * (`lead_created`); a released one here, on that same PostgreSQL channel.
 */
@Injectable()
export class LiveLeadEvents implements OnModuleInit {
  constructor(private readonly leadEvents: LeadEvents) {}

  onModuleInit(): void {
    this.leadEvents.register({
      name: 'live',
      created: async (manager, lead) => {
        const created: CreatedLead = { id: lead.id, assigneeId: lead.assigneeId, routing: lead.routing };
        await manager.query("SELECT pg_notify('lead_created', $1)", [JSON.stringify([created])]);
      },
      updated: (manager, lead) => notifyLive(manager, { type: 'lead.updated', ids: [lead.id] }),
      erased: (manager, ids) => notifyLive(manager, { type: 'lead.erased', ids }),
      // The message and, when the lead changed with it, its update: one notification statement.
      message: (manager, { leadId, changed }) =>
        notifyLive(
          manager,
          { type: 'lead.message', ids: [leadId] },
          ...(changed ? [{ type: 'lead.updated' as const, ids: [changed.id] }] : []),
        ),
    });
  }
}
