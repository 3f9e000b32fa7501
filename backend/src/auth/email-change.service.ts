import { ConflictException, ForbiddenException, GoneException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { TeamEmails } from '../mail/team-emails.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { normaliseEmail, User } from '../identity/user.entity.js';
import type { ChangeEmailDto, EmailChangePreviewDto } from './dto/email-change.dto.js';
import { EmailChange } from './email-change.entity.js';
import { openAccountLink } from './account-link.js';
import { voidAccountLinks } from '../identity/account-links.js';
import { issueToken, parseToken } from '../identity/one-time-token.js';
import type { Account } from '../identity/session-user.js';
import { endSessionsOf } from '../identity/sessions-of.js';
import { currentPasswordMatches, throttleLikeSignIn, WRONG_PASSWORD } from '../identity/sign-in-throttle.js';

export const EMAIL_CHANGE_MINUTES = 60;
export const EMAIL_CHANGE_GONE = 'This e-mail confirmation link is no longer valid';
export const EMAIL_OFF = 'E-mail is not set up: a new address cannot be confirmed (set SMTP_URL and MAIL_FROM)';

/**
 * Changing one's e-mail: the password, then a link (valid EMAIL_CHANGE_MINUTES, single use)
 * to the new address; confirming moves the account, ends its other sessions and tells the
 * old address. An address another account holds gets the same answer, and its owner is told
 * instead: the requester cannot tell a taken address from a free one.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly rateLimit: RateLimitService,
    private readonly teamEmails: TeamEmails,
    private readonly deliveries: DeliveryWorker,
  ) {}

  /** Asking again replaces the open link. 403 for a wrong password, on the account's one password budget. */
  async request(account: Account, { email, currentPassword }: ChangeEmailDto, ip: string): Promise<void> {
    if (!this.teamEmails.enabled) throw new ConflictException(EMAIL_OFF);
    const user = await this.dataSource.manager.findOneByOrFail(User, { id: account.id });
    if (!(await currentPasswordMatches(this.rateLimit, ip, user, currentPassword))) throw new ForbiddenException(WRONG_PASSWORD);
    const address = normaliseEmail(email);
    if (address === user.email) return;
    await this.dataSource.transaction(async (manager) => {
      // The account locked and read again: a password changed or an account disabled since the
      // check above voided the account's links, and this one must not outlive that (see
      // identity/account-links.ts). The password typed is no longer the current one.
      const current = await manager.findOne(User, { where: { id: user.id }, lock: { mode: 'pessimistic_write' } });
      if (current?.password !== user.password || current.disabledAt !== null) throw new ForbiddenException(WRONG_PASSWORD);
      await manager.delete(EmailChange, { userId: user.id });
      await this.audit.record({ actor: account, action: 'email-change', detail: { step: 'requested' } }, manager);
      const owner = await manager.findOneBy(User, { email: address });
      if (!owner) await this.queueConfirmation(manager, user.id, address);
      // A disabled account gets no e-mail (its owner is no longer on the team).
      else if (owner.disabledAt === null) await this.teamEmails.queueAddressTaken(manager, address);
    });
    this.deliveries.nudge();
  }

  /**
   * Moves the account to the confirmed address, voids the account's links (this one too: see
   * identity/account-links.ts), ends the account's other sessions (all of them when confirmed
   * from elsewhere) and tells the old address; 410 for a bad link, or an address that another
   * account has taken since.
   */
  async confirm(token: string, ip: string, sessionId: string | undefined): Promise<void> {
    const parsed = parseToken(token);
    await throttleLikeSignIn(this.rateLimit, 'email-change-confirm', ip, parsed?.id ?? '');
    await this.dataSource.transaction(async (manager) => {
      const { link: change, user } = await openAccountLink(manager, EmailChange, token, this.clock.now(), EMAIL_CHANGE_GONE, {
        lock: true,
      });
      await this.moveAccount(manager, user.id, change.email);
      // This link is used up, and a reset link sent to the old address dies with it.
      await voidAccountLinks(manager, user.id);
      await endSessionsOf(manager, user.id, sessionId);
      if (user.email) await this.teamEmails.queueEmailChanged(manager, user.email);
      await this.audit.record({ actor: user, action: 'email-change', detail: { step: 'done' } }, manager);
    });
    this.deliveries.nudge();
  }

  /**
   * What a link is for, confirming nothing: the page the link opens shows it and confirms only
   * when its button is pressed (mail scanners open links). 410 as `confirm` answers.
   */
  async preview(token: string, ip: string): Promise<EmailChangePreviewDto> {
    await throttleLikeSignIn(this.rateLimit, 'email-change-preview', ip, parseToken(token)?.id ?? '');
    const { link, user } = await openAccountLink(
      this.dataSource.manager,
      EmailChange,
      token,
      this.clock.now(),
      EMAIL_CHANGE_GONE,
      {
        lock: false,
      },
    );
    return { username: user.username, email: link.email };
  }

  private async queueConfirmation(manager: EntityManager, userId: string, address: string): Promise<void> {
    const { id, token, hash } = issueToken();
    const expiresAt = new Date(this.clock.now().getTime() + EMAIL_CHANGE_MINUTES * 60_000);
    await manager.insert(EmailChange, { id, userId, email: address, tokenHash: hash, expiresAt });
    await this.teamEmails.queueEmailConfirmation(manager, address, token, EMAIL_CHANGE_MINUTES);
  }

  private async moveAccount(manager: EntityManager, userId: string, address: string): Promise<void> {
    await manager.update(User, { id: userId }, { email: address }).catch((error: unknown) => {
      if (isUniqueViolation(error, 'uq_users_email')) throw new GoneException(EMAIL_CHANGE_GONE);
      throw error;
    });
  }
}
