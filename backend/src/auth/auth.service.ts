import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, type OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { User } from '../users/user.entity.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionUser } from './session-user.js';

/** Failed sign-ins counted per client IP and per username, over this window... */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** ...answered 429 from this many failures on... */
export const MAX_FAILURES = 5;
/** ...and slowed before that: 250 ms after the first failure, doubling, at most 2 s. */
export function failureDelayMs(failures: number): number {
  return failures === 0 ? 0 : Math.min(250 * 2 ** (failures - 1), 2000);
}

@Injectable()
export class AuthService implements OnModuleInit {
  /** Verified when the user is unknown, so that the answer takes as long as for a wrong password. */
  private decoyHash = '';

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly rateLimit: RateLimitService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.decoyHash = await hashPassword(randomBytes(16).toString('hex'));
  }

  async verifyCredentials(username: string, password: string, ip: string): Promise<SessionUser> {
    const keys = [`login-ip:${ip}`, `login-user:${username.toLowerCase()}`];
    const counts = await Promise.all(keys.map((key) => this.rateLimit.peek(key)));
    const worst = counts.reduce((a, b) => (b.hits > a.hits ? b : a));
    if (worst.hits >= MAX_FAILURES) {
      throw new TooManyRequestsException('Too many failed sign-ins. Please try again later.', worst.retryAfter);
    }
    await sleep(failureDelayMs(worst.hits));

    const user = await this.users.findOneBy({ username });
    const valid = await verifyPassword(user?.password ?? this.decoyHash, password);
    if (!user || !valid) {
      await Promise.all(keys.map((key) => this.rateLimit.hit(key, FAILURE_WINDOW_MS)));
      throw new UnauthorizedException('Invalid username or password');
    }
    await this.rateLimit.reset(keys[1]);
    return { id: user.id, username: user.username };
  }
}
