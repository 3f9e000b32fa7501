import { Injectable, type OnModuleInit } from '@nestjs/common';
import { LeadEvents } from '../leads/lead-events.service.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { queueEmails } from '../mail/queue-emails.js';
import { assignedEmail } from './assigned-email.js';

/**
 * "Assigned to you" as a channel of the lead's events: to the assignee when someone else
 * gave them the leads, if they want it (`notifications.assigned`) and have an address; the
 * leads of one action (a bulk assignment) are one e-mail.
 */
@Injectable()
export class AssignedEmails implements OnModuleInit {
  constructor(
    private readonly mail: MailTransport,
    private readonly leadEvents: LeadEvents,
  ) {}

  onModuleInit(): void {
    this.leadEvents.register({
      name: 'assigned-email',
      assigned: async (manager, leads, assigneeId, actor) => {
        if (!this.mail.enabled || assigneeId === actor.id) return 0;
        const [assignee] = await manager.query<Array<{ email: string; assignedBy: string }>>(
          `SELECT u.email, coalesce((SELECT display_name FROM users WHERE id = $2), $3) AS "assignedBy"
             FROM users u WHERE u.id = $1 AND u.notify_assigned AND u.email IS NOT NULL AND u.disabled_at IS NULL`,
          [assigneeId, actor.id, actor.username],
        );
        if (!assignee) return 0;
        const content = assignedEmail(leads, assignee.assignedBy, this.mail.publicUrl);
        // One lead: erased with it; several: erased by the link it names (ERASE_FROM_LEAD_LISTS).
        const submissionId = leads.length === 1 ? leads[0].id : null;
        await queueEmails(manager, [{ kind: 'assigned', to: assignee.email, content, submissionId }]);
        return 1;
      },
    });
  }
}
