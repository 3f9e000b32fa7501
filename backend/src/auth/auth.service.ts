import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { User } from '../identity/user.entity.js';
import { hashPassword, verifyPassword } from '../identity/passwords.js';
import { findSignInAccount } from './sign-in-account.js';
import type { SessionUser } from '../identity/session-user.js';
import { SignInsService } from './sign-ins.service.js';
import { type SecondFactor, TWO_FACTOR_REQUIRED, TwoFactorService } from './two-factor.service.js';
import { countPasswordAttempt, passwordAccepted } from '../identity/sign-in-throttle.js';

/**
 * The hash of a random secret that nobody knows, made once a process: an argon2id hash costs
 * about 35 ms of CPU, and the tests start many apps in one process.
 */
let processDecoyHash: Promise<string> | undefined;

@Injectable()
export class AuthService implements OnModuleInit {
  /** Verified when the user is unknown, so that the answer takes as long as for a wrong password. */
  private decoyHash = '';

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly rateLimit: RateLimitService,
    private readonly audit: AuditService,
    private readonly signIns: SignInsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.decoyHash = await (processDecoyHash ??= hashPassword(randomBytes(16).toString('hex')));
  }

  async verifyCredentials(
    username: string,
    password: string,
    ip: string,
    { userAgent = '', ...factor }: SecondFactor & { userAgent?: string } = {},
    browserTimeZone?: string,
  ): Promise<SessionUser> {
    // Found first, so that the counters are the account's however it is named (case, e-mail).
    const user = await findSignInAccount(this.users, username);
    // Counted first (see countPasswordAttempt), on the counters every password check shares.
    const keys = await countPasswordAttempt(this.rateLimit, ip, user ? `account:${user.id}` : username.trim().toLowerCase());
    const valid = await verifyPassword(user?.password ?? this.decoyHash, password);
    // A disabled account is answered as a wrong password: nothing tells it exists.
    if (!user || !valid || user.disabledAt) {
      await this.recordFailure(user, ip, userAgent);
      throw new UnauthorizedException('Invalid username or password');
    }
    // The second step: a missing or wrong code keeps the throttle's counts (they were counted above).
    // (429 past the account's failed codes, from any address: see TwoFactorService.passes.)
    if (user.twoFactorEnabledAt && !(await this.twoFactor.passes(user, factor, { ip, userAgent }))) {
      await this.recordFailure(user, ip, userAgent);
      throw new UnauthorizedException(TWO_FACTOR_REQUIRED);
    }

    await passwordAccepted(this.rateLimit, keys);
    const signedIn = { id: user.id, username: user.username };
    await this.users.update({ id: user.id }, { lastSignInAt: () => 'now()' });
    // An account never set to a zone takes the browser's (reminders then read as the screen does).
    if (browserTimeZone) {
      await this.users.update({ id: user.id, timeZone: 'UTC', timeZoneChosenAt: IsNull() }, { timeZone: browserTimeZone });
    }
    await this.audit.record({ actor: signedIn, action: 'sign-in', detail: { succeeded: true } });
    await this.signIns.record(user.id, ip, userAgent, true);
    return signedIn;
  }

  /**
   * A failed sign-in in the audit log and, for an account that exists, in its sign-in record:
   * one transaction, so one commit either way. Two commits for an account that exists (each a
   * disk flush) made its wrong password answer later than an unknown name's (about 3 ms in a
   * quiet test run, 72 against 21 ms when the flushes stalled), which tells a stranger the
   * name is taken. The audit entry is without the username typed: it may be anyone's, or a
   * password typed in the wrong field.
   */
  private recordFailure(user: User | null, ip: string, userAgent: string): Promise<void> {
    return this.users.manager.transaction(async (manager) => {
      await this.audit.record({ actor: null, action: 'sign-in', detail: { succeeded: false } }, manager);
      if (user) await this.signIns.record(user.id, ip, userAgent, false, manager);
    });
  }
}
