import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { DEV_SESSION_SECRET } from '../config/development-secrets.js';
import type { Environment } from '../config/environment.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { User } from '../identity/user.entity.js';
import type { RecoveryCodesDto, TwoFactorSetupDto } from './dto/two-factor.dto.js';
import { verifyPassword } from '../identity/passwords.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import { SecretBox } from './secret-box.js';
import type { Account } from '../identity/session-user.js';
import { throttleLikeSignIn } from '../identity/sign-in-throttle.js';
import { newTotpSecret, otpauthUrl, totpStep } from './totp.js';

export const TWO_FACTOR_REQUIRED = 'Two-factor code required';

/** What a sign-in brings besides the password. */
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/**
 * Two-factor sign-in with a TOTP authenticator app (RFC 6238, see totp.ts): set up, turned on
 * with a first code (which hands out the recovery codes), turned off with the password, and
 * checked at sign-in, where each code is taken once.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly rateLimit: RateLimitService,
    config: ConfigService<Environment, true>,
  ) {
    this.box = new SecretBox(config.get('SESSION_SECRET', { infer: true }) ?? DEV_SESSION_SECRET, 'totp-secret');
  }

  /** A new secret, stored (encrypted) but not in use until `enable`; a second setup replaces it. */
  async setup(account: Account): Promise<TwoFactorSetupDto> {
    const user = await this.load(account.id);
    if (user.twoFactorEnabledAt) throw new ConflictException('Two-factor sign-in is already on');
    const secret = newTotpSecret();
    await this.dataSource.manager.update(User, { id: account.id }, { twoFactorSecret: this.box.seal(secret) });
    return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
  }

  /** Turns it on with a code of the set-up secret; 400 for a wrong code. */
  async enable(account: Account, code: string, ip: string): Promise<RecoveryCodesDto> {
    await throttleLikeSignIn(this.rateLimit, 'two-factor-enable', ip, account.id);
    const user = await this.load(account.id);
    if (user.twoFactorEnabledAt) throw new ConflictException('Two-factor sign-in is already on');
    const secret = user.twoFactorSecret === null ? null : this.box.open(user.twoFactorSecret);
    if (secret === null) throw new BadRequestException(['Set up two-factor sign-in first (POST /api/auth/2fa/setup)']);
    const step = totpStep(secret, code.trim());
    if (step === null) throw new BadRequestException(['code is not the current code of the authenticator app']);
    const recoveryCodes = newRecoveryCodes();
    await this.dataSource.transaction(async (manager) => {
      await manager.update(
        User,
        { id: account.id },
        {
          twoFactorEnabledAt: () => 'now()',
          twoFactorLastStep: String(step),
          twoFactorRecoveryCodes: recoveryCodes.map(recoveryCodeHash),
        },
      );
      await this.audit.record({ actor: account, action: 'two-factor-on' }, manager);
    });
    return { recoveryCodes };
  }

  /** Turns it off (secret and recovery codes gone) after the password, throttled like sign-in. */
  async disable(account: Account, currentPassword: string, ip: string): Promise<void> {
    await throttleLikeSignIn(this.rateLimit, 'two-factor-disable', ip, account.id);
    const user = await this.dataSource.manager.findOneByOrFail(User, { id: account.id });
    if (!(await verifyPassword(user.password, currentPassword))) {
      throw new BadRequestException(['currentPassword is not the current password']);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.update(
        User,
        { id: account.id },
        {
          twoFactorSecret: null,
          twoFactorEnabledAt: null,
          twoFactorLastStep: null,
          twoFactorRecoveryCodes: [],
        },
      );
      await this.audit.record({ actor: account, action: 'two-factor-off' }, manager);
    });
  }

  /**
   * At sign-in, after the right password: true when `factor` holds a code of a step after
   * the last one used (so a code works once), or an unused recovery code (used up here).
   * Each check is one conditional UPDATE, so two requests can never both use one code.
   */
  async accepts(userId: string, factor: SecondFactor): Promise<boolean> {
    if (factor.code) {
      const { twoFactorSecret } = await this.load(userId);
      const secret = twoFactorSecret === null ? null : this.box.open(twoFactorSecret);
      const step = secret === null ? null : totpStep(secret, factor.code.trim());
      if (step === null) return false;
      return this.updated(
        `UPDATE users SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2)`,
        [userId, step],
      );
    }
    if (factor.recoveryCode) {
      return this.updated(
        `UPDATE users SET two_factor_recovery_codes = array_remove(two_factor_recovery_codes, $2)
          WHERE id = $1 AND $2 = ANY (two_factor_recovery_codes)`,
        [userId, recoveryCodeHash(factor.recoveryCode)],
      );
    }
    return false;
  }

  private async updated(sql: string, parameters: unknown[]): Promise<boolean> {
    const [, affected] = await this.dataSource.query<[unknown, number]>(sql, parameters);
    return affected === 1;
  }

  private load(id: string): Promise<User> {
    return this.dataSource.manager.findOneOrFail(User, {
      where: { id },
      select: { id: true, username: true, twoFactorSecret: true, twoFactorEnabledAt: true },
    });
  }
}
