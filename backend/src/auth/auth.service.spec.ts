import { beforeAll, describe, expect, it } from '@jest/globals';
import { UnauthorizedException } from '@nestjs/common';
import type { Repository } from 'typeorm';
import type { RateCount, RateLimitService } from '../rate-limit/rate-limit.service.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import type { User } from '../users/user.entity.js';
import { AuthService, MAX_FAILURES } from './auth.service.js';
import { hashPassword } from './passwords.js';

/** Counters in memory, as the rate_limits table keeps them. */
class FakeRateLimit {
  readonly hits = new Map<string, number>();
  peek(key: string): Promise<RateCount> {
    return Promise.resolve({ hits: this.hits.get(key) ?? 0, retryAfter: 900 });
  }
  hit(key: string): Promise<RateCount> {
    this.hits.set(key, (this.hits.get(key) ?? 0) + 1);
    return this.peek(key);
  }
  reset(key: string): Promise<void> {
    this.hits.delete(key);
    return Promise.resolve();
  }
}

describe(AuthService.name, () => {
  let admin: User;

  beforeAll(async () => {
    admin = { id: 'u1', username: 'admin', password: await hashPassword('correct horse') };
  });

  async function setup() {
    const rateLimit = new FakeRateLimit();
    const users = {
      findOneBy: ({ username }: { username: string }) => Promise.resolve(username === admin.username ? admin : null),
    } as unknown as Repository<User>;
    const sut = new AuthService(users, rateLimit as unknown as RateLimitService);
    await sut.onModuleInit();
    return { sut, rateLimit };
  }

  it('signs in with the right password and forgets the failures counted against that username', async () => {
    const { sut, rateLimit } = await setup();
    rateLimit.hits.set('login-user:admin', 0);

    await expect(sut.verifyCredentials('admin', 'correct horse', '10.0.0.1')).resolves.toEqual({ id: 'u1', username: 'admin' });
    expect(rateLimit.hits.has('login-user:admin')).toBe(false);
  });

  it('answers a wrong password and an unknown user alike, counting the failure per IP and per username', async () => {
    const { sut, rateLimit } = await setup();

    const wrong = await sut.verifyCredentials('admin', 'wrong', '10.0.0.1').catch((error: unknown) => error);
    const unknown = await sut.verifyCredentials('nobody', 'wrong', '10.0.0.2').catch((error: unknown) => error);

    for (const error of [wrong, unknown]) {
      expect(error).toBeInstanceOf(UnauthorizedException);
      expect((error as Error).message).toBe('Invalid username or password');
    }
    expect(Object.fromEntries(rateLimit.hits)).toEqual({
      'login-ip:10.0.0.1': 1,
      'login-user:admin': 1,
      'login-ip:10.0.0.2': 1,
      'login-user:nobody': 1,
    });
  });

  it(`locks out after ${MAX_FAILURES} failures from one IP, even with the right password`, async () => {
    const { sut, rateLimit } = await setup();
    rateLimit.hits.set('login-ip:10.0.0.1', MAX_FAILURES);

    await expect(sut.verifyCredentials('admin', 'correct horse', '10.0.0.1')).rejects.toBeInstanceOf(TooManyRequestsException);
    await expect(sut.verifyCredentials('admin', 'correct horse', '10.0.0.9')).resolves.toMatchObject({ id: 'u1' });
  });

  it(`locks out after ${MAX_FAILURES} failures for one username, whatever the IP (case-insensitive)`, async () => {
    const { sut, rateLimit } = await setup();
    rateLimit.hits.set('login-user:admin', MAX_FAILURES);

    await expect(sut.verifyCredentials('ADMIN', 'correct horse', '10.0.0.7')).rejects.toBeInstanceOf(TooManyRequestsException);
  });
});
