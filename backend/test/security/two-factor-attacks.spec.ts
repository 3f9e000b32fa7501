import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { totpCode } from '../../src/auth/totp.js';
import { createAccount, signedInAs, TEAM_PASSWORD, type TestAccount } from '../support/accounts.js';
import { waitFor } from '../support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from '../support/smtp-receiver.js';
import { createTestApp, DEV_ADMIN, type TestApp } from '../support/test-app.js';

const STEP_MS = 30_000;
const NEW_PASSWORD = 'a fresh start password 5';
/** A browser name as an attacker may send it: markup, a control character (HTTP itself refuses CR and LF), far too long. */
const HOSTILE_AGENT = `<b>Evil</b> <a href="https://evil.example">click</a>\tBcc: victim@example.com ${'x'.repeat(2000)}`;

// Findings of the second round (docs/team-and-privacy.md, "Sessions, sign-ins and two-factor
// sign-in"): second-factor codes could be guessed from many addresses, a stolen session could
// lock the owner out of their second factor, each password-checking route had five guesses
// of its own, and the owner was told of none of it.
describe('two-factor and password attacks', () => {
  let sut: TestApp;
  let smtp: SmtpReceiver;
  let ips = 0;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    sut = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'leads@example.com',
        PUBLIC_URL: 'https://leads.example.com',
        DELIVERY_POLL_INTERVAL_MS: '200',
      },
    });
  });
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  /** Each attempt from an address of its own unless a test says otherwise. */
  const newIp = () => `198.18.${Math.floor((ips += 1) / 250)}.${(ips % 250) + 1}`;
  const login = (account: TestAccount, ip: string, extra: Record<string, string> = {}) =>
    request(sut.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ username: account.username, password: account.password, ...extra });
  const mailsTo = (address: string) => smtp.received.filter((received) => received.envelopeTo.includes(address));
  const subjectsTo = (address: string) => mailsTo(address).map(({ mail }) => mail.subject);
  const noticeTo = async (address: string, subject: string) => {
    await waitFor(`"${subject}" to ${address}`, () => subjectsTo(address).includes(subject));
    return mailsTo(address).find(({ mail }) => mail.subject === subject)!.mail;
  };

  /** An account with two-factor sign-in on: its session, secret and recovery codes. */
  const withTwoFactor = async (email?: string) => {
    const account = await createAccount(sut, 'member', email ? { email } : {});
    const agent = await signedInAs(sut, account);
    const setup = await agent.post('/api/auth/2fa/setup').send({ currentPassword: account.password }).expect(200);
    const { secret } = setup.body as { secret: string };
    const enabled = await agent
      .post('/api/auth/2fa/enable')
      .send({ code: totpCode(secret) })
      .expect(200);
    return { account, agent, secret, recoveryCodes: (enabled.body as { recoveryCodes: string[] }).recoveryCodes };
  };

  describe('finding 1: second-factor codes guessed from many addresses', () => {
    it('answers 429 to the account past 10 failed codes from any addresses, the right code included, and tells its owner', async () => {
      const { account, secret, recoveryCodes } = await withTwoFactor('gil@example.com');
      const wrong = totpCode(secret, Date.now() - 10 * STEP_MS);

      // 30 guesses at once, each from another address: counted before checked, so none slips past.
      const answers = await Promise.all(Array.from({ length: 30 }, () => login(account, newIp(), { code: wrong })));

      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
      const right = await login(account, newIp(), { code: totpCode(secret, Date.now() + STEP_MS) });
      expect([right.status, right.body.message]).toEqual([429, 'Too many failed codes. Please try again later.']);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      await login(account, newIp(), { recoveryCode: recoveryCodes[0] }).expect(429);
      // A wrong password still reads as one: a stranger learns nothing of the lock.
      await login({ ...account, password: 'not the password at all' }, newIp()).expect(401);
      const notice = await noticeTo('gil@example.com', 'Sign-in blocked after failed codes');
      expect(notice.text).toMatch(/IP address: 198\.18\./);
      // Once the 15 minutes are over, the right code signs in again.
      await sut.dataSource.query(`UPDATE rate_limits SET resets_at = now() WHERE key LIKE $1`, [`%${account.id}%`]);
      await login(account, newIp(), { code: totpCode(secret, Date.now() + STEP_MS) }).expect(200);
      expect(subjectsTo('gil@example.com').filter((subject) => subject === 'Sign-in blocked after failed codes')).toHaveLength(1);
    });
  });

  describe('finding 2: a stolen session locks the owner out', () => {
    it('sets up two-factor only with the current password', async () => {
      const account = await createAccount(sut, 'member');
      const stolen = await signedInAs(sut, account);

      const none = await stolen.post('/api/auth/2fa/setup').send({});
      expect([none.status, none.body.message]).toEqual([400, expect.arrayContaining(['currentPassword is required'])]);
      const wrong = await stolen.post('/api/auth/2fa/setup').send({ currentPassword: 'not the password at all' });
      expect([wrong.status, wrong.body.message]).toEqual([403, 'Wrong password']);
      await stolen.post('/api/auth/2fa/setup').send({ currentPassword: account.password }).expect(200);
    });

    it('turns off only with the current password: 403 Wrong password, like set-up', async () => {
      const { agent } = await withTwoFactor();

      const wrong = await agent.post('/api/auth/2fa/disable').send({ currentPassword: 'not the password at all' });

      expect([wrong.status, wrong.body.message]).toEqual([403, 'Wrong password']);
    });

    it('replaces the recovery codes only with the current password, and counts those left', async () => {
      const { account, agent, recoveryCodes } = await withTwoFactor();
      expect((await agent.get('/api/auth/me').expect(200)).body.recoveryCodesLeft).toBe(10);
      await login(account, newIp(), { recoveryCode: recoveryCodes[0] }).expect(200);
      expect((await agent.get('/api/auth/me').expect(200)).body.recoveryCodesLeft).toBe(9);

      const wrong = await agent.post('/api/auth/2fa/recovery-codes').send({ currentPassword: 'not the password at all' });
      expect([wrong.status, wrong.body.message]).toEqual([403, 'Wrong password']);
      const fresh = await agent.post('/api/auth/2fa/recovery-codes').send({ currentPassword: account.password }).expect(200);

      const codes = (fresh.body as { recoveryCodes: string[] }).recoveryCodes;
      expect(codes).toHaveLength(10);
      expect((await agent.get('/api/auth/me').expect(200)).body.recoveryCodesLeft).toBe(10);
      await login(account, newIp(), { recoveryCode: recoveryCodes[1] }).expect(401);
      await login(account, newIp(), { recoveryCode: codes[0] }).expect(200);
    });

    it('refuses new recovery codes while two-factor sign-in is off', async () => {
      const account = await createAccount(sut, 'member');
      const agent = await signedInAs(sut, account);

      const res = await agent.post('/api/auth/2fa/recovery-codes').send({ currentPassword: account.password });

      expect([res.status, res.body.message]).toEqual([409, 'Two-factor sign-in is off']);
    });

    it('lets an admin turn off a teammate’s two-factor sign-in, audited; only `false` is taken', async () => {
      const { account } = await withTwoFactor();
      const admin = await signedInAs(sut, DEV_ADMIN);

      const on = await admin.patch(`/api/admin/users/${account.id}`).send({ twoFactor: true });
      expect([on.status, on.body.message]).toEqual([400, ['twoFactor can only be false (the teammate turns it on themselves)']]);
      const res = await admin.patch(`/api/admin/users/${account.id}`).send({ twoFactor: false }).expect(200);

      expect(res.body.twoFactor).toBe(false);
      await login(account, newIp()).expect(200);
      const [event] = await sut.dataSource.query<Array<{ actor: string; detail: unknown }>>(
        `SELECT actor, detail FROM audit_events WHERE action = 'two-factor-off' AND detail ->> 'userId' = $1`,
        [account.id],
      );
      expect(event).toEqual({ actor: 'admin', detail: { userId: account.id } });
      const member = await signedInAs(sut, await createAccount(sut, 'member'));
      await member.patch(`/api/admin/users/${account.id}`).send({ twoFactor: false }).expect(403);
    });

    it('clears the env admin’s two-factor sign-in with ADMIN_RESET=true', async () => {
      const first = await createTestApp();
      const owner = await signedInAs(first, DEV_ADMIN);
      const { secret } = (await owner.post('/api/auth/2fa/setup').send({ currentPassword: DEV_ADMIN.password }).expect(200))
        .body as { secret: string };
      await owner
        .post('/api/auth/2fa/enable')
        .send({ code: totpCode(secret) })
        .expect(200);
      await request(first.server).post('/api/auth/login').send(DEV_ADMIN).expect(401);
      await first.close();

      const reset = await createTestApp({ databaseUrl: first.databaseUrl, env: { ADMIN_RESET: 'true' } });
      try {
        await request(reset.server).post('/api/auth/login').send(DEV_ADMIN).expect(200);
      } finally {
        await reset.close();
      }
    });
  });

  describe('finding 3: each password-checking route had five guesses of its own', () => {
    it('shares one failure budget per account between sign-in and every password check of a session', async () => {
      const { account, agent } = await withTwoFactor();
      const ip = newIp();
      const wrong = 'not the password at all';

      const answers = [
        (await login({ ...account, password: wrong }, ip)).status,
        (
          await agent
            .post('/api/auth/password')
            .set('X-Forwarded-For', ip)
            .send({ currentPassword: wrong, newPassword: NEW_PASSWORD })
        ).status,
        (
          await agent
            .post('/api/auth/email')
            .set('X-Forwarded-For', ip)
            .send({ email: 'new@example.com', currentPassword: wrong })
        ).status,
        (await agent.post('/api/auth/2fa/disable').set('X-Forwarded-For', ip).send({ currentPassword: wrong })).status,
        (await agent.post('/api/auth/2fa/recovery-codes').set('X-Forwarded-For', ip).send({ currentPassword: wrong })).status,
        // The budget is spent: every route answers 429 now, the right password included.
        (
          await agent
            .post('/api/auth/password')
            .set('X-Forwarded-For', ip)
            .send({ currentPassword: wrong, newPassword: NEW_PASSWORD })
        ).status,
        (await agent.post('/api/auth/2fa/recovery-codes').set('X-Forwarded-For', ip).send({ currentPassword: account.password }))
          .status,
        (await agent.post('/api/auth/2fa/disable').set('X-Forwarded-For', ip).send({ currentPassword: account.password })).status,
        (await login(account, ip)).status,
      ];

      expect(answers).toEqual([401, 400, 403, 403, 403, 429, 429, 429, 429]);
    });

    it('counts set-up’s password too', async () => {
      const account = await createAccount(sut, 'member');
      const agent = await signedInAs(sut, account);
      const ip = newIp();
      for (let i = 0; i < 5; i += 1) {
        await agent.post('/api/auth/2fa/setup').set('X-Forwarded-For', ip).send({ currentPassword: 'wrong' }).expect(403);
      }

      await login(account, ip).expect(429);
    });
  });

  describe('finding 4: security notices by e-mail', () => {
    it('tells the owner when two-factor goes on and off and when a recovery code is used, with time, IP and browser as plain text', async () => {
      const account = await createAccount(sut, 'member', { email: 'hal@example.com' });
      const agent = await signedInAs(sut, account);
      const ip = newIp();
      const { secret } = (await agent.post('/api/auth/2fa/setup').send({ currentPassword: account.password }).expect(200))
        .body as { secret: string };
      const { recoveryCodes } = (
        await agent
          .post('/api/auth/2fa/enable')
          .set('X-Forwarded-For', ip)
          .set('User-Agent', HOSTILE_AGENT)
          .send({ code: totpCode(secret) })
          .expect(200)
      ).body as { recoveryCodes: string[] };

      const on = await noticeTo('hal@example.com', 'Two-factor sign-in turned on');
      expect(on.html).toBe(false);
      expect(on.headers.get('auto-submitted')).toBe('auto-generated');
      expect(on.headers.has('bcc')).toBe(false);
      expect(on.text).toContain(`IP address: ${ip}`);
      // The account's zone (the default, UTC, here), named.
      expect(on.text).toMatch(/^Time: \w{3},? \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/m);
      const browser = /^Browser: (.*)$/m.exec(on.text ?? '')![1];
      const shown = '<b>Evil</b> <a href="https://evil.example">click</a> Bcc: victim@example.com xxx';
      expect(browser.slice(0, shown.length)).toBe(shown);
      expect(browser.length).toBeLessThanOrEqual(200);

      await login(account, newIp(), { recoveryCode: recoveryCodes[3] }).expect(200);
      const used = await noticeTo('hal@example.com', 'A recovery code was used');
      expect(used.text).toContain('9 recovery codes are left');

      await agent.post('/api/auth/2fa/disable').send({ currentPassword: account.password }).expect(204);
      await noticeTo('hal@example.com', 'Two-factor sign-in turned off');
    });

    it('tells the owner when the password is changed, by the account or by a reset', async () => {
      const account = await createAccount(sut, 'member', { email: 'ida@example.com' });
      const agent = await signedInAs(sut, account);

      await agent.post('/api/auth/password').send({ currentPassword: TEAM_PASSWORD, newPassword: NEW_PASSWORD }).expect(204);

      await noticeTo('ida@example.com', 'Your password was changed');
      await request(sut.server)
        .post('/api/auth/password-reset')
        .set('X-Forwarded-For', newIp())
        .send({ email: 'ida@example.com' });
      await waitFor('the reset link', () =>
        subjectsTo('ida@example.com').some(
          (subject) => /password/i.test(subject ?? '') && subject !== 'Your password was changed',
        ),
      );
      const resetMail = mailsTo('ida@example.com').find(({ mail }) => /reset#/.test(mail.text ?? ''))!.mail;
      const token = new URL(/(https:\S+reset#\S+)/.exec(resetMail.text ?? '')![1]).hash.slice(1);
      await request(sut.server)
        .post('/api/auth/password-reset/confirm')
        .set('X-Forwarded-For', newIp())
        .send({ token, password: 'another fresh password 6' })
        .expect(204);
      await waitFor(
        'a second notice',
        () => subjectsTo('ida@example.com').filter((s) => s === 'Your password was changed').length === 2,
      );
    });

    it("gives the time in the owner's time zone, named (not in UTC)", async () => {
      const account = await createAccount(sut, 'member', { email: 'kei@example.com' });
      const agent = await signedInAs(sut, account);
      await agent.patch('/api/auth/me').send({ timeZone: 'Asia/Tokyo' }).expect(200);

      const before = Date.now();
      await agent.post('/api/auth/password').send({ currentPassword: TEAM_PASSWORD, newPassword: NEW_PASSWORD }).expect(204);
      const after = Date.now();

      const notice = await noticeTo('kei@example.com', 'Your password was changed');
      // Tokyo is UTC+9 all year: the request's hour and minute there, by hand.
      const tokyo = (at: number) => new Date(at + 9 * 3_600_000).toISOString().slice(11, 16);
      const time = /^Time: (.*)$/m.exec(notice.text ?? '')![1];
      expect(time).toMatch(/, \d\d:\d\d GMT\+9$/);
      expect([tokyo(before), tokyo(after)]).toContain(/(\d\d:\d\d) GMT/.exec(time)![1]);
      expect(time).not.toContain('UTC');
    });

    it('sends nothing to an account without an address', async () => {
      const account = await createAccount(sut, 'member');
      await sut.dataSource.query(`UPDATE users SET email = NULL WHERE id = $1`, [account.id]);
      const agent = await signedInAs(sut, account);
      const [{ count: before }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM deliveries`);

      await agent.post('/api/auth/password').send({ currentPassword: TEAM_PASSWORD, newPassword: NEW_PASSWORD }).expect(204);

      const [{ count: after }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM deliveries`);
      expect(after).toBe(before);
    });
  });
});
