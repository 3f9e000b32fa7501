import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { DEV_SESSION_SECRET } from '../config/development-secrets.js';
import type { Environment } from '../config/environment.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import type { RequestClient, SecurityNotice } from '../mail/security-notice-email.js';
import { TeamEmails } from '../mail/team-emails.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { User } from '../identity/user.entity.js';
import { clearTwoFactor } from '../identity/clear-two-factor.js';
import type { RecoveryCodesDto, TwoFactorSetupDto } from './dto/two-factor.dto.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import { SecretBox } from './secret-box.js';
import type { Account } from '../identity/session-user.js';
import { currentPasswordMatches, throttleLikeSignIn, WRONG_PASSWORD } from '../identity/sign-in-throttle.js';
import { newTotpSecret, otpauthUrl, totpStep } from './totp.js';

export const TWO_FACTOR_REQUIRED = 'Two-factor code required';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off';

/**
 * Failed codes (and recovery codes) of one account, from any address: past MAX_CODE_FAILURES
 * in CODE_WINDOW_MS, sign-in of the account answers 429 for CODE_LOCK_MS from the failure that
 * tripped it, the right code included. Only someone who knows the password gets to try a code,
 * so this lock, unlike a lock on passwords (docs/decisions/006), is no stranger's off switch;
 * and it stops a botnet that has the password from trying 5 codes per address.
 */
export const MAX_CODE_FAILURES = 10;
export const CODE_WINDOW_MS = 15 * 60_000;
export const CODE_LOCK_MS = 15 * 60_000;
const TOO_MANY_CODES = 'Too many failed codes. Please try again later.';

/** What a sign-in brings besides the password. */
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/**
 * Two-factor sign-in with a TOTP authenticator app (RFC 6238, see totp.ts): set up after the
 * password, turned on with a first code (which hands out the recovery codes), turned off or
 * given new recovery codes after the password, and checked at sign-in, where each code is
 * taken once. Every password check here shares the account's sign-in budget, and every change
 * is told to the account's owner by e-mail.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly rateLimit: RateLimitService,
    private readonly teamEmails: TeamEmails,
    private readonly deliveries: DeliveryWorker,
    config: ConfigService<Environment, true>,
  ) {
    this.box = new SecretBox(config.get('SESSION_SECRET', { infer: true }) ?? DEV_SESSION_SECRET, 'totp-secret');
  }

  /**
   * A new secret, stored (encrypted) but not in use until `enable`; a second setup replaces it.
   * After the password: a stolen session must not put its own authenticator on the account.
   */
  async setup(account: Account, currentPassword: string, ip: string): Promise<TwoFactorSetupDto> {
    const user = await this.dataSource.manager.findOneByOrFail(User, { id: account.id });
    if (user.twoFactorEnabledAt) throw new ConflictException('Two-factor sign-in is already on');
    await this.checkPassword(user, currentPassword, ip);
    const secret = newTotpSecret();
    await this.dataSource.manager.update(User, { id: account.id }, { twoFactorSecret: this.box.seal(secret) });
    return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
  }

  /**
   * Turns it on with a code of the set-up secret; 400 for a wrong code. No password here: only
   * whoever set it up (after the password) has the secret.
   */
  async enable(account: Account, code: string, client: RequestClient): Promise<RecoveryCodesDto> {
    await throttleLikeSignIn(this.rateLimit, 'two-factor-enable', client.ip, account.id);
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
      await this.teamEmails.queueSecurityNotice(manager, user, { kind: 'two-factor-on' }, client);
    });
    this.deliveries.nudge();
    return { recoveryCodes };
  }

  /** Turns it off (secret and recovery codes gone) after the password. */
  async disable(account: Account, currentPassword: string, client: RequestClient): Promise<void> {
    const user = await this.dataSource.manager.findOneByOrFail(User, { id: account.id });
    await this.checkPassword(user, currentPassword, client.ip);
    await this.dataSource.transaction(async (manager) => {
      await clearTwoFactor(manager, account.id);
      await this.audit.record({ actor: account, action: 'two-factor-off' }, manager);
      await this.teamEmails.queueSecurityNotice(manager, user, { kind: 'two-factor-off' }, client);
    });
    this.deliveries.nudge();
  }

  /** Ten new recovery codes after the password, in place of the old ones (used or not). */
  async replaceRecoveryCodes(account: Account, currentPassword: string, ip: string): Promise<RecoveryCodesDto> {
    const user = await this.dataSource.manager.findOneByOrFail(User, { id: account.id });
    if (!user.twoFactorEnabledAt) throw new ConflictException(TWO_FACTOR_OFF);
    await this.checkPassword(user, currentPassword, ip);
    const recoveryCodes = newRecoveryCodes();
    await this.dataSource.transaction(async (manager) => {
      await manager.update(User, { id: account.id }, { twoFactorRecoveryCodes: recoveryCodes.map(recoveryCodeHash) });
      await this.audit.record({ actor: account, action: 'two-factor-recovery-codes' }, manager);
    });
    return { recoveryCodes };
  }

  /**
   * At sign-in, after the right password of an account with two-factor sign-in on: true when
   * `factor` is accepted (see `accepts`), false when it is missing or wrong; 429 while the
   * account's failed codes are past the limit. Each code is counted before it is checked, in
   * one atomic statement, so parallel guesses cannot slip past the count.
   */
  async passes(user: User, factor: SecondFactor, client: RequestClient): Promise<boolean> {
    const key = `two-factor-codes:account:${user.id}`;
    if (!factor.code && !factor.recoveryCode) {
      // The first step of the form (password only) tells of the lock too, but spends nothing.
      const count = await this.rateLimit.current(key);
      if (count.hits > MAX_CODE_FAILURES) throw new TooManyRequestsException(TOO_MANY_CODES, count.retryAfter);
      return false;
    }
    const count = await this.rateLimit.hit(key, CODE_WINDOW_MS);
    if (count.hits > MAX_CODE_FAILURES) {
      // Exactly one attempt sees the limit crossed: it starts the lock's full time and tells the owner.
      if (count.hits === MAX_CODE_FAILURES + 1) {
        await this.rateLimit.extend(key, CODE_LOCK_MS);
        await this.notify(user, { kind: 'codes-blocked', minutes: CODE_LOCK_MS / 60_000 }, client);
        throw new TooManyRequestsException(TOO_MANY_CODES, CODE_LOCK_MS / 1000);
      }
      throw new TooManyRequestsException(TOO_MANY_CODES, count.retryAfter);
    }
    const accepted = await this.accepts(user.id, factor);
    if (accepted === false) return false;
    // The right code gives its count back: the owner's own typos alone never add up to a lock.
    await this.rateLimit.refund(key);
    if (accepted.recoveryCodesLeft !== undefined) {
      await this.notify(user, { kind: 'recovery-code-used', left: accepted.recoveryCodesLeft }, client);
    }
    return true;
  }

  /**
   * `factor` holds a code of a step after the last one used (so a code works once), or an
   * unused recovery code (used up here; how many are left comes back). Each check is one
   * conditional UPDATE, so two requests can never both use one code.
   */
  private async accepts(userId: string, factor: SecondFactor): Promise<false | { recoveryCodesLeft?: number }> {
    if (factor.code) {
      const { twoFactorSecret } = await this.load(userId);
      const secret = twoFactorSecret === null ? null : this.box.open(twoFactorSecret);
      const step = secret === null ? null : totpStep(secret, factor.code.trim());
      if (step === null) return false;
      const [, affected] = await this.dataSource.query<[unknown, number]>(
        `UPDATE users SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2)`,
        [userId, step],
      );
      return affected === 1 ? {} : false;
    }
    if (factor.recoveryCode) {
      const [rows] = await this.dataSource.query<[Array<{ left: number }>, number]>(
        `UPDATE users SET two_factor_recovery_codes = array_remove(two_factor_recovery_codes, $2)
          WHERE id = $1 AND $2 = ANY (two_factor_recovery_codes)
          RETURNING cardinality(two_factor_recovery_codes) AS left`,
        [userId, recoveryCodeHash(factor.recoveryCode)],
      );
      return rows.length === 1 ? { recoveryCodesLeft: rows[0].left } : false;
    }
    return false;
  }

  /** The password check of these routes: the account's one budget, 403 `Wrong password`. */
  private async checkPassword(user: User, currentPassword: string, ip: string): Promise<void> {
    if (!(await currentPasswordMatches(this.rateLimit, ip, user, currentPassword))) throw new ForbiddenException(WRONG_PASSWORD);
  }

  private async notify(owner: User, notice: SecurityNotice, client: RequestClient): Promise<void> {
    if (await this.teamEmails.queueSecurityNotice(this.dataSource.manager, owner, notice, client)) this.deliveries.nudge();
  }

  private load(id: string): Promise<User> {
    return this.dataSource.manager.findOneOrFail(User, {
      where: { id },
      select: { id: true, username: true, email: true, twoFactorSecret: true, twoFactorEnabledAt: true },
    });
  }
}
