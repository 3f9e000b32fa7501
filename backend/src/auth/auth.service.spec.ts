import { beforeAll, describe, expect, it } from '@jest/globals';
import { UnauthorizedException } from '@nestjs/common';
import type { Repository } from 'typeorm';
import type { AuditRecord, AuditService } from '../audit/audit.service.js';
import type { RateCount, RateLimitService } from '../rate-limit/rate-limit.service.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import type { User } from '../identity/user.entity.js';
import { AuthService } from './auth.service.js';
import { hashPassword } from '../identity/passwords.js';
import type { SignInsService } from './sign-ins.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import { MAX_IP_FAILURES, MAX_PAIR_FAILURES, throttleKeys } from '../identity/sign-in-throttle.js';

/** Counters in memory, as the rate_limits table keeps them. */
class FakeRateLimit {
  readonly hits = new Map<string, number>();
  hit(key: string): Promise<RateCount> {
    this.hits.set(key, (this.hits.get(key) ?? 0) + 1);
    return Promise.resolve({ hits: this.hits.get(key)!, retryAfter: 900 });
  }
  refund(key: string): Promise<void> {
    this.hits.set(key, Math.max(0, (this.hits.get(key) ?? 0) - 1));
    return Promise.resolve();
  }
  reset(key: string): Promise<void> {
    this.hits.delete(key);
    return Promise.resolve();
  }
}

describe(AuthService.name, () => {
  let admin: User;

  beforeAll(async () => {
    admin = {
      id: 'u1',
      username: 'admin',
      email: 'admin@example.com',
      password: await hashPassword('correct horse battery'),
      disabledAt: null,
    } as User;
  });

  async function setup() {
    const rateLimit = new FakeRateLimit();
    // The sign-in lookup's query builder, matching the username in any case or the e-mail.
    let found: User | null = null;
    const lookup = {
      where: (_: string, { name, email }: { name: string; email: string }) => {
        found = name.toLowerCase() === admin.username || email === admin.email ? admin : null;
        return lookup;
      },
      orderBy: () => lookup,
      limit: () => lookup,
      getOne: () => Promise.resolve(found),
    };
    // A failed sign-in's records are written in one transaction (AuthService.recordFailure).
    const manager = { transaction: (work: (inner: unknown) => Promise<void>) => work({}) };
    const users = { createQueryBuilder: () => lookup, update: () => Promise.resolve(), manager } as unknown as Repository<User>;
    const recorded: AuditRecord[] = [];
    const audit = { record: (event: AuditRecord) => Promise.resolve(void recorded.push(event)) } as unknown as AuditService;
    const signIns = { record: () => Promise.resolve() } as unknown as SignInsService;
    const twoFactor = { accepts: () => Promise.resolve(false) } as unknown as TwoFactorService;
    const sut = new AuthService(users, rateLimit as unknown as RateLimitService, audit, signIns, twoFactor);
    await sut.onModuleInit();
    return { sut, rateLimit, recorded };
  }

  it('signs in with the right password, clears the pair and the username, and gives back the IP its count', async () => {
    const { sut, rateLimit, recorded } = await setup();
    const keys = throttleKeys('10.0.0.1', 'account:u1');

    await expect(sut.verifyCredentials('admin', 'correct horse battery', '10.0.0.1')).resolves.toEqual({
      id: 'u1',
      username: 'admin',
    });
    expect(Object.fromEntries(rateLimit.hits)).toEqual({ [keys.ip]: 0 });
    expect(recorded).toEqual([{ actor: { id: 'u1', username: 'admin' }, action: 'sign-in', detail: { succeeded: true } }]);
  });

  it('counts a wrong password and an unknown user alike, before the check, and answers them alike', async () => {
    const { sut, rateLimit, recorded } = await setup();

    const wrong = await sut.verifyCredentials('admin', 'wrong', '10.0.0.1').catch((error: unknown) => error);
    const unknown = await sut.verifyCredentials('nobody', 'wrong', '10.0.0.2').catch((error: unknown) => error);

    for (const error of [wrong, unknown]) {
      expect(error).toBeInstanceOf(UnauthorizedException);
      expect((error as Error).message).toBe('Invalid username or password');
    }
    for (const [ip, username] of [
      ['10.0.0.1', 'account:u1'],
      ['10.0.0.2', 'nobody'],
    ]) {
      const keys = throttleKeys(ip, username);
      expect([keys.pair, keys.ip, keys.user].map((key) => rateLimit.hits.get(key))).toEqual([1, 1, 1]);
    }
    // Recorded without the username typed, which may be anyone's (or a password).
    const failed = { actor: null, action: 'sign-in', detail: { succeeded: false } };
    expect(recorded).toEqual([failed, failed]);
  });

  it(`locks the (IP, username) pair past ${MAX_PAIR_FAILURES} failures, even with the right password; other IPs still sign in`, async () => {
    const { sut, rateLimit } = await setup();
    rateLimit.hits.set(throttleKeys('10.0.0.1', 'account:u1').pair, MAX_PAIR_FAILURES);

    await expect(sut.verifyCredentials('admin', 'correct horse battery', '10.0.0.1')).rejects.toBeInstanceOf(
      TooManyRequestsException,
    );
    await expect(sut.verifyCredentials('admin', 'correct horse battery', '10.0.0.9')).resolves.toMatchObject({ id: 'u1' });
  });

  it(`locks one IP past ${MAX_IP_FAILURES} failures over any usernames`, async () => {
    const { sut, rateLimit } = await setup();
    rateLimit.hits.set(throttleKeys('10.0.0.1', 'account:u1').ip, MAX_IP_FAILURES);

    await expect(sut.verifyCredentials('admin', 'correct horse battery', '10.0.0.1')).rejects.toBeInstanceOf(
      TooManyRequestsException,
    );
  });

  it('signs in by the username in any case or by the e-mail, counting them all as the one account', async () => {
    const { sut, rateLimit } = await setup();
    rateLimit.hits.set(throttleKeys('10.0.0.1', 'account:u1').pair, MAX_PAIR_FAILURES);

    for (const login of ['ADMIN', 'Admin@Example.com']) {
      await expect(sut.verifyCredentials(login, 'correct horse battery', '10.0.0.1')).rejects.toBeInstanceOf(
        TooManyRequestsException,
      );
      await expect(sut.verifyCredentials(login, 'correct horse battery', '10.0.0.2')).resolves.toEqual({
        id: 'u1',
        username: 'admin',
      });
    }
  });

  it('only slows a username that strangers guessed at: the right password from a new IP still signs in', async () => {
    const { sut, rateLimit } = await setup();
    rateLimit.hits.set(throttleKeys('10.0.0.1', 'account:u1').user, 1000);

    await expect(sut.verifyCredentials('admin', 'correct horse battery', '10.0.0.7')).resolves.toMatchObject({ id: 'u1' });
  });
});
