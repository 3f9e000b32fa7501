import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '../identity/roles.js';
import { addressTakenEmail, emailChangedEmail, emailConfirmationEmail } from './email-change-emails.js';
import { invitationEmail } from './invitation-email.js';
import { MailTransport } from './mail-transport.service.js';
import { passwordResetEmail } from './password-reset-email.js';
import { queueEmails } from './queue-emails.js';
import { type RequestClient, type SecurityNotice, securityNoticeEmail } from './security-notice-email.js';

/**
 * The e-mails the team's own actions cause: invitations, password resets, e-mail changes,
 * security notices.
 * Each queues in the caller's transaction and says whether it queued anything (nothing while
 * e-mail is off); the caller nudges the DeliveryWorker once that transaction has committed.
 */
@Injectable()
export class TeamEmails {
  constructor(private readonly mail: MailTransport) {}

  /** The invitation link of `token`, from PUBLIC_URL (relative without it: see MailTransport.link). */
  invitationUrl(token: string): string {
    return this.mail.link(`/admin/invite#${token}`);
  }

  /** `timeZone`: the inviter's, in which the link's end is written. */
  async queueInvitation(
    manager: EntityManager,
    to: string,
    invitation: { inviteUrl: string; role: Role; expiresAt: Date; timeZone: string },
  ): Promise<boolean> {
    if (!this.mail.enabled) return false;
    const { inviteUrl, role, expiresAt, timeZone } = invitation;
    const content = invitationEmail(inviteUrl, role, expiresAt, timeZone, this.mail.publicUrl);
    await queueEmails(manager, [{ kind: 'invitation', to, content }]);
    return true;
  }

  async queuePasswordReset(
    manager: EntityManager,
    to: string,
    token: string,
    minutes: number,
    username: string,
  ): Promise<boolean> {
    if (!this.mail.enabled) return false;
    const content = passwordResetEmail(this.mail.link(`/admin/reset#${token}`), minutes, username);
    await queueEmails(manager, [{ kind: 'password-reset', to, content }]);
    return true;
  }

  /** Whether e-mail is set up: an e-mail change can only be confirmed by e-mail. */
  get enabled(): boolean {
    return this.mail.enabled;
  }

  async queueEmailConfirmation(manager: EntityManager, to: string, token: string, minutes: number): Promise<boolean> {
    if (!this.mail.enabled) return false;
    const content = emailConfirmationEmail(this.mail.link(`/admin/confirm-email#${token}`), minutes);
    await queueEmails(manager, [{ kind: 'email-confirm', to, content }]);
    return true;
  }

  async queueEmailChanged(manager: EntityManager, to: string): Promise<boolean> {
    if (!this.mail.enabled) return false;
    await queueEmails(manager, [{ kind: 'email-changed', to, content: emailChangedEmail(this.mail.link('/admin')) }]);
    return true;
  }

  async queueAddressTaken(manager: EntityManager, to: string): Promise<boolean> {
    if (!this.mail.enabled) return false;
    await queueEmails(manager, [{ kind: 'email-taken', to, content: addressTakenEmail(this.mail.link('/admin')) }]);
    return true;
  }

  /**
   * A security notice to the account's address (none without one): what was done to the
   * account, when (in the account's time zone), and from which address and browser
   * (`client`, the request that did it).
   */
  async queueSecurityNotice(
    manager: EntityManager,
    owner: { email: string | null; timeZone: string },
    notice: SecurityNotice,
    client: RequestClient,
  ): Promise<boolean> {
    if (!this.mail.enabled || !owner.email) return false;
    const content = securityNoticeEmail(notice, client, new Date(), owner.timeZone, this.mail.link('/admin'));
    await queueEmails(manager, [{ kind: 'security-notice', to: owner.email, content }]);
    return true;
  }
}
