import { createHash } from 'node:crypto';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import type { RequestClient } from '../mail/security-notice-email.js';
import { TeamEmails } from '../mail/team-emails.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { normaliseEmail, User } from '../identity/user.entity.js';
import type { PasswordResetConfirmDto } from './dto/password-reset.dto.js';
import { openAccountLink } from './account-link.js';
import { voidAccountLinks } from '../identity/account-links.js';
import { issueToken, parseToken } from '../identity/one-time-token.js';
import { PasswordReset } from './password-reset.entity.js';
import { refuseNamedPassword } from '../identity/new-password.js';
import { hashPassword } from '../identity/passwords.js';
import { endSessionsOf } from '../identity/sessions-of.js';
import { throttleLikeSignIn } from '../identity/sign-in-throttle.js';

export const RESET_MINUTES = 60;
export const RESET_GONE = 'This password reset link is no longer valid';
export const MAX_RESET_EMAILS_PER_HOUR = 3;

/**
 * "Forgot password?": a link valid RESET_MINUTES, single use, for an active account's
 * e-mail. The request answers the same whether or not the e-mail has an account; both
 * steps are throttled like sign-in.
 */
@Injectable()
export class PasswordResetService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(PasswordResetService.name);
  /** The work of the requests answered, in order. */
  private after: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly rateLimit: RateLimitService,
    private readonly teamEmails: TeamEmails,
    private readonly deliveries: DeliveryWorker,
  ) {}

  /**
   * Asking again replaces the open link. Nothing in the answer tells whether the e-mail has an
   * account, nor when it does: the answer leaves once the request is counted, and the lookup
   * and the e-mail follow it, one request at a time.
   */
  async request(email: string, ip: string): Promise<void> {
    const normalised = normaliseEmail(email);
    await throttleLikeSignIn(this.rateLimit, 'password-reset', ip, normalised);
    this.after = this.after
      // On a later turn of the event loop: not even the lookup's first steps delay the answer.
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => this.emailLink(normalised))
      .catch((error: unknown) => this.logger.error(`a password reset request failed: ${String(error)}`));
  }

  /** Waits for the requests already answered (their links are queued, or failed and logged). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.after;
  }

  /** At most MAX_RESET_EMAILS_PER_HOUR to one address, so the form cannot flood a person's inbox. */
  private async emailLink(normalised: string): Promise<void> {
    const user = await this.dataSource.manager.findOneBy(User, { email: normalised, disabledAt: IsNull() });
    if (!user) return;
    const addressKey = `password-reset-email:${createHash('sha256').update(normalised).digest('hex')}`;
    if ((await this.rateLimit.hit(addressKey, 60 * 60_000)).hits > MAX_RESET_EMAILS_PER_HOUR) return;
    const { id, token, hash } = issueToken();
    const expiresAt = new Date(this.clock.now().getTime() + RESET_MINUTES * 60_000);
    const emailed = await this.dataSource.transaction(async (manager) => {
      // The account locked and read again: if its address changed or it was disabled since the
      // lookup, no link goes out (the change voided the account's links, and this one would
      // outlive it). See identity/account-links.ts.
      const current = await manager.findOne(User, {
        where: { id: user.id, email: normalised, disabledAt: IsNull() },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) return false;
      await manager.delete(PasswordReset, { userId: user.id });
      await manager.insert(PasswordReset, { id, userId: user.id, tokenHash: hash, expiresAt });
      await this.audit.record({ actor: null, action: 'password-reset', detail: { userId: user.id, step: 'requested' } }, manager);
      // The link leaves only by e-mail (never logged: it opens the account); without e-mail an
      // admin resets a teammate by inviting their address again.
      return this.teamEmails.queuePasswordReset(manager, normalised, token, RESET_MINUTES, user.username);
    });
    if (emailed) this.deliveries.nudge();
  }

  /**
   * Sets the password, voids the account's links (this one too), ends every session of the
   * account and tells its owner; 410 for a bad link.
   */
  async confirm({ token, password }: PasswordResetConfirmDto, client: RequestClient): Promise<void> {
    const { ip } = client;
    const parsed = parseToken(token);
    await throttleLikeSignIn(this.rateLimit, 'password-reset-confirm', ip, parsed?.id ?? '');
    const passwordHash = await hashPassword(password);
    await this.dataSource.transaction(async (manager) => {
      const { user } = await openAccountLink(manager, PasswordReset, token, this.clock.now(), RESET_GONE, { lock: true });
      refuseNamedPassword(password, 'password', user);
      await manager.update(User, { id: user.id }, { password: passwordHash });
      // This link is used up, and a pending e-mail change dies with the old password.
      await voidAccountLinks(manager, user.id);
      await endSessionsOf(manager, user.id);
      await this.audit.record({ actor: user, action: 'password-reset', detail: { userId: user.id, step: 'done' } }, manager);
      await this.teamEmails.queueSecurityNotice(manager, user, { kind: 'password-changed', byReset: true }, client);
    });
    this.deliveries.nudge();
  }
}
