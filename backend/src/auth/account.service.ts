import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { normaliseEmail, User } from '../users/user.entity.js';
import { AccountDto } from './dto/account.dto.js';
import type { ChangePasswordDto } from './dto/change-password.dto.js';
import type { UpdateAccountDto } from './dto/update-account.dto.js';
import { refuseNamedPassword } from './new-password.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Account } from './session-user.js';
import { endSessionsOf } from './sessions-of.js';
import { throttleLikeSignIn } from './sign-in-throttle.js';

/** The signed-in user's own account: read it, change it, change its password. */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly rateLimit: RateLimitService,
  ) {}

  async me(id: string): Promise<AccountDto> {
    return AccountDto.from(await this.dataSource.manager.findOneByOrFail(User, { id }));
  }

  /** Changes what the body gives; 409 when the e-mail is another account's. */
  async update(id: string, changes: UpdateAccountDto): Promise<AccountDto> {
    const columns: Partial<User> = {};
    if (changes.email !== undefined) columns.email = normaliseEmail(changes.email);
    if (changes.displayName !== undefined) columns.displayName = changes.displayName;
    if (changes.timeZone !== undefined) columns.timeZone = changes.timeZone;
    if (changes.notifications?.newLead !== undefined) columns.notifyNewLead = changes.notifications.newLead;
    if (changes.notifications?.assigned !== undefined) columns.notifyAssigned = changes.notifications.assigned;
    if (Object.keys(columns).length > 0) {
      await this.dataSource.manager.update(User, { id }, columns).catch((error: unknown) => {
        if (isUniqueViolation(error, 'uq_users_email')) throw new ConflictException('This e-mail belongs to another account');
        throw error;
      });
    }
    return this.me(id);
  }

  /**
   * A new password after the current one, throttled like sign-in (a stolen session must not
   * be a way to guess it); every other session of the account ends.
   */
  async changePassword(account: Account, { currentPassword, newPassword }: ChangePasswordDto, sessionId: string, ip: string) {
    await throttleLikeSignIn(this.rateLimit, 'password-change', ip, account.id);
    const user = await this.dataSource.manager.findOneByOrFail(User, { id: account.id });
    if (!(await verifyPassword(user.password, currentPassword))) {
      throw new BadRequestException(['currentPassword is not the current password']);
    }
    refuseNamedPassword(newPassword, 'newPassword', user);
    const password = await hashPassword(newPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(User, { id: account.id }, { password });
      await endSessionsOf(manager, account.id, sessionId);
      await this.audit.record({ actor: account, action: 'password' }, manager);
    });
  }
}
