import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, type OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { User } from '../identity/user.entity.js';
import { hashPassword, verifyPassword } from '../identity/passwords.js';
import { findSignInAccount } from './sign-in-account.js';
import type { SessionUser } from '../identity/session-user.js';
import { SignInsService } from './sign-ins.service.js';
import { type SecondFactor, TWO_FACTOR_REQUIRED, TwoFactorService } from './two-factor.service.js';
import {
  FAILURE_WINDOW_MS,
  failureDelayMs,
  MAX_IP_FAILURES,
  MAX_PAIR_FAILURES,
  throttleKeys,
} from '../identity/sign-in-throttle.js';

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
    this.decoyHash = await hashPassword(randomBytes(16).toString('hex'));
  }

  async verifyCredentials(
    username: string,
    password: string,
    ip: string,
    { userAgent = '', ...factor }: SecondFactor & { userAgent?: string } = {},
  ): Promise<SessionUser> {
    // Found first, so that the counters are the account's however it is named (case, e-mail).
    const user = await findSignInAccount(this.users, username);
    const keys = throttleKeys(ip, user ? `account:${user.id}` : username.trim().toLowerCase());
    // Counted first, each in one atomic statement: parallel guesses each see their own count.
    const [pair, fromIp, forUser] = await Promise.all(
      [keys.pair, keys.ip, keys.user].map((key) => this.rateLimit.hit(key, FAILURE_WINDOW_MS)),
    );
    const locked = [pair.hits > MAX_PAIR_FAILURES && pair, fromIp.hits > MAX_IP_FAILURES && fromIp].find(Boolean);
    if (locked) throw new TooManyRequestsException('Too many failed sign-ins. Please try again later.', locked.retryAfter);
    // The attempts before this one that did not succeed slow this one down.
    await sleep(failureDelayMs(Math.max(pair.hits, forUser.hits) - 1));

    const valid = await verifyPassword(user?.password ?? this.decoyHash, password);
    // A disabled account is answered as a wrong password: nothing tells it exists.
    if (!user || !valid || user.disabledAt) {
      // Without the username typed: it may be anyone's, or a password typed in the wrong field.
      await this.audit.record({ actor: null, action: 'sign-in', detail: { succeeded: false } });
      if (user) await this.signIns.record(user.id, ip, userAgent, false);
      throw new UnauthorizedException('Invalid username or password');
    }
    // The second step: a missing or wrong code keeps the throttle's counts (they were counted above).
    if (user.twoFactorEnabledAt && !(await this.twoFactor.accepts(user.id, factor))) {
      await this.audit.record({ actor: null, action: 'sign-in', detail: { succeeded: false } });
      await this.signIns.record(user.id, ip, userAgent, false);
      throw new UnauthorizedException(TWO_FACTOR_REQUIRED);
    }

    await Promise.all([this.rateLimit.reset(keys.pair), this.rateLimit.reset(keys.user), this.rateLimit.refund(keys.ip)]);
    const signedIn = { id: user.id, username: user.username };
    await this.users.update({ id: user.id }, { lastSignInAt: () => 'now()' });
    await this.audit.record({ actor: signedIn, action: 'sign-in', detail: { succeeded: true } });
    await this.signIns.record(user.id, ip, userAgent, true);
    return signedIn;
  }
}
