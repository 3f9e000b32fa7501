import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Actor } from '../audit/audit.service.js';
import type { Role } from '../common/roles.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { assignedEmail } from './assigned-email.js';
import { invitationEmail } from './invitation-email.js';
import { MailTransport } from './mail-transport.service.js';
import type { NewLead } from './new-lead-email.js';
import { passwordResetEmail } from './password-reset-email.js';
import { queueEmails } from './queue-emails.js';

/**
 * The e-mails the team's own actions cause: "Assigned to you", invitations, password resets.
 * Each queues in the caller's transaction and says whether it queued anything (nothing while
 * e-mail is off); the caller calls `nudge` once that transaction has committed.
 */
@Injectable()
export class TeamEmails {
  constructor(
    private readonly mail: MailTransport,
    private readonly worker: DeliveryWorker,
  ) {}

  /** Send what was queued now rather than at the next poll; after the commit. */
  nudge(): void {
    this.worker.nudge();
  }

  /** To the assignee when someone else gave them the lead, if they want it (`notifications.assigned`) and have an address. */
  async queueAssigned(
    manager: EntityManager,
    lead: Pick<NewLead, 'id' | 'name' | 'company' | 'interest'>,
    assigneeId: string,
    actor: Actor,
  ): Promise<boolean> {
    if (!this.mail.enabled || assigneeId === actor.id) return false;
    const [assignee] = await manager.query<Array<{ email: string; assignedBy: string }>>(
      `SELECT u.email, coalesce((SELECT display_name FROM users WHERE id = $2), $3) AS "assignedBy"
         FROM users u WHERE u.id = $1 AND u.notify_assigned AND u.email IS NOT NULL AND u.disabled_at IS NULL`,
      [assigneeId, actor.id, actor.username],
    );
    if (!assignee) return false;
    const content = assignedEmail(lead, assignee.assignedBy, this.mail.publicUrl);
    await queueEmails(manager, [{ kind: 'assigned', to: assignee.email, content, submissionId: lead.id }]);
    return true;
  }

  async queueInvitation(manager: EntityManager, to: string, inviteUrl: string, role: Role, expiresAt: Date): Promise<boolean> {
    if (!this.mail.enabled) return false;
    const content = invitationEmail(inviteUrl, role, expiresAt, this.mail.publicUrl);
    await queueEmails(manager, [{ kind: 'invitation', to, content }]);
    return true;
  }

  async queuePasswordReset(
    manager: EntityManager,
    to: string,
    resetUrl: string,
    minutes: number,
    username: string,
  ): Promise<boolean> {
    if (!this.mail.enabled) return false;
    await queueEmails(manager, [{ kind: 'password-reset', to, content: passwordResetEmail(resetUrl, minutes, username) }]);
    return true;
  }
}
