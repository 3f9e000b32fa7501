import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { User } from '../identity/user.entity.js';
import { AccountDto } from './dto/account.dto.js';
import type { ChangePasswordDto } from './dto/change-password.dto.js';
import type { UpdateAccountDto } from '../identity/dto/update-account.dto.js';
import { refuseNamedPassword } from '../identity/new-password.js';
import { hashPassword } from '../identity/passwords.js';
import type { Account } from '../identity/session-user.js';
import { endSessionsOf } from '../identity/sessions-of.js';
import { currentPasswordMatches } from '../identity/sign-in-throttle.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import type { RequestClient } from '../mail/security-notice-email.js';
import { TeamEmails } from '../mail/team-emails.service.js';
import { voidAccountLinks } from '../identity/account-links.js';
import { notifyTeamUpdated } from '../common/live-event.js';

/** The signed-in user's own account: read it, change it, change its password. */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly rateLimit: RateLimitService,
    private readonly teamEmails: TeamEmails,
    private readonly deliveries: DeliveryWorker,
  ) {}

  async me(id: string): Promise<AccountDto> {
    const user = await this.dataSource.manager.findOneByOrFail(User, { id });
    // The codes themselves are not selected by default (hashes stay in the database): only their number.
    const [{ left }] = await this.dataSource.query<Array<{ left: number }>>(
      `SELECT cardinality(two_factor_recovery_codes) AS left FROM users WHERE id = $1`,
      [id],
    );
    return AccountDto.from(user, left);
  }

  /** Changes what the body gives. */
  async update(id: string, changes: UpdateAccountDto): Promise<AccountDto> {
    const columns: Partial<User> = {};
    if (changes.displayName !== undefined) columns.displayName = changes.displayName;
    if (changes.timeZone !== undefined) {
      columns.timeZone = changes.timeZone;
      columns.timeZoneChosenAt = new Date();
    }
    if (changes.away !== undefined) columns.away = changes.away;
    if (changes.notifications?.newLead !== undefined) columns.notifyNewLead = changes.notifications.newLead;
    if (changes.notifications?.assigned !== undefined) columns.notifyAssigned = changes.notifications.assigned;
    if (changes.notifications?.replies !== undefined) columns.notifyReplies = changes.notifications.replies;
    if (changes.notifications?.escalations !== undefined) columns.notifyEscalations = changes.notifications.escalations;
    if (changes.notifications?.followUps !== undefined) columns.notifyFollowUps = changes.notifications.followUps;
    // Kept as written (line breaks included); blank removes it.
    if (changes.signature !== undefined) columns.signature = changes.signature.trim() === '' ? null : changes.signature;
    if (changes.bookingUrl !== undefined) columns.bookingUrl = changes.bookingUrl;
    if (Object.keys(columns).length > 0) {
      await this.dataSource.manager.update(User, { id }, columns);
      // Teammates' pickers and threads show the new name; the routing page, who is away.
      if (changes.displayName !== undefined || changes.away !== undefined) await notifyTeamUpdated(this.dataSource.manager);
    }
    return this.me(id);
  }

  /**
   * A new password after the current one, checked on the account's one password budget (a
   * stolen session must not be a way to guess it); every other session of the account ends,
   * its open links die, and the owner is told by e-mail.
   */
  async changePassword(
    account: Account,
    { currentPassword, newPassword }: ChangePasswordDto,
    sessionId: string,
    client: RequestClient,
  ) {
    const user = await this.dataSource.manager.findOneByOrFail(User, { id: account.id });
    if (!(await currentPasswordMatches(this.rateLimit, client.ip, user, currentPassword))) {
      throw new BadRequestException(['currentPassword is not the current password']);
    }
    refuseNamedPassword(newPassword, 'newPassword', user);
    const password = await hashPassword(newPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(User, { id: account.id }, { password });
      // A reset link or a pending e-mail change sent before dies with the old password.
      await voidAccountLinks(manager, account.id);
      await endSessionsOf(manager, account.id, sessionId);
      await this.audit.record({ actor: account, action: 'password' }, manager);
      await this.teamEmails.queueSecurityNotice(manager, user, { kind: 'password-changed', byReset: false }, client);
    });
    this.deliveries.nudge();
  }
}
