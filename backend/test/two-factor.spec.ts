import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { totpCode } from '../src/auth/totp.js';
import { createAccount, signedInAs, TEAM_PASSWORD, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const STEP_MS = 30_000;

describe('two-factor sign-in (TOTP)', () => {
  let sut: TestApp;
  let ips = 0;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  /** Each test signs in from an address of its own, so that throttling counts only its attempts. */
  const newIp = () => `198.18.0.${(ips += 1)}`;
  const login = (account: TestAccount, ip: string, extra: Record<string, string> = {}) =>
    request(sut.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ username: account.username, password: account.password, ...extra });

  /** An account with two-factor sign-in on; its secret and recovery codes. */
  const withTwoFactor = async () => {
    const account = await createAccount(sut, 'member');
    const agent = await signedInAs(sut, account);
    const setup = await agent.post('/api/auth/2fa/setup').send({ currentPassword: account.password }).expect(200);
    const { secret } = setup.body as { secret: string; otpauthUrl: string };
    const enabled = await agent
      .post('/api/auth/2fa/enable')
      .send({ code: totpCode(secret) })
      .expect(200);
    return { account, agent, secret, recoveryCodes: (enabled.body as { recoveryCodes: string[] }).recoveryCodes };
  };

  it('sets up a secret that is not in use until a code of it turns it on', async () => {
    const account = await createAccount(sut, 'viewer');
    const agent = await signedInAs(sut, account);

    const setup = await agent.post('/api/auth/2fa/setup').send({ currentPassword: account.password }).expect(200);

    const { secret, otpauthUrl } = setup.body as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    expect(otpauthUrl).toContain(encodeURIComponent(account.username));
    expect((await agent.get('/api/auth/me').expect(200)).body.twoFactor).toBe(false);
    await login(account, newIp()).expect(200);

    const wrong = await agent.post('/api/auth/2fa/enable').send({ code: totpCode(secret, Date.now() - 5 * STEP_MS) });
    expect([wrong.status, wrong.body.message]).toEqual([400, ['code is not the current code of the authenticator app']]);

    const enabled = await agent
      .post('/api/auth/2fa/enable')
      .send({ code: totpCode(secret) })
      .expect(200);

    const codes = (enabled.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await agent.get('/api/auth/me').expect(200)).body.twoFactor).toBe(true);
  });

  it('stores the secret encrypted and the recovery codes hashed', async () => {
    const { account, secret, recoveryCodes } = await withTwoFactor();

    const [row] = await sut.dataSource.query<Array<Record<string, unknown>>>(`SELECT * FROM users WHERE id = $1`, [account.id]);

    expect(JSON.stringify(row)).not.toContain(secret);
    for (const code of recoveryCodes) expect(JSON.stringify(row)).not.toContain(code.replace('-', ''));
  });

  it('asks for the code after the right password, and takes each code once', async () => {
    const { account, secret } = await withTwoFactor();
    const ip = newIp();

    const wrongPassword = await login({ ...account, password: 'not the password at all' }, ip);
    expect([wrongPassword.status, wrongPassword.body.message]).toEqual([401, 'Invalid username or password']);
    const noCode = await login(account, ip);
    expect([noCode.status, noCode.body.message]).toEqual([401, 'Two-factor code required']);
    const wrongCode = await login(account, ip, { code: totpCode(secret, Date.now() - 10 * STEP_MS) });
    expect([wrongCode.status, wrongCode.body.message]).toEqual([401, 'Two-factor code required']);
    // The code that turned it on was the current step's: the next step's code signs in.
    const next = totpCode(secret, Date.now() + STEP_MS);

    const signedIn = await login(account, ip, { code: next });

    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^sid=/)]));
    const replay = await login(account, newIp(), { code: next });
    expect([replay.status, replay.body.message]).toEqual([401, 'Two-factor code required']);
    const enablingCode = await login(account, newIp(), { code: totpCode(secret) });
    expect(enablingCode.status).toBe(401);
  });

  it('signs in once with each recovery code, in any case and with or without the dash', async () => {
    const { account, recoveryCodes } = await withTwoFactor();

    await login(account, newIp(), { recoveryCode: recoveryCodes[0].toUpperCase() }).expect(200);
    const again = await login(account, newIp(), { recoveryCode: recoveryCodes[0] });
    expect([again.status, again.body.message]).toEqual([401, 'Two-factor code required']);
    await login(account, newIp(), { recoveryCode: recoveryCodes[1].replace('-', '') }).expect(200);
    await login(account, newIp(), { recoveryCode: 'aaaaa-aaaaa' }).expect(401);
  });

  it('counts code failures toward the sign-in throttle', async () => {
    const { account, secret } = await withTwoFactor();
    const ip = newIp();
    const wrong = totpCode(secret, Date.now() - 10 * STEP_MS);

    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await login(account, ip, { code: wrong })).status);

    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    await login(account, ip, { code: totpCode(secret, Date.now() + STEP_MS) }).expect(429);
  });

  it('records a missing or wrong code as a failed sign-in', async () => {
    const { account, agent } = await withTwoFactor();
    await login(account, newIp()).expect(401);

    const res = await agent.get('/api/auth/sign-ins').expect(200);

    expect(res.body[0]).toMatchObject({ success: false });
  });

  it('turns off with the password, after which the password alone signs in', async () => {
    const { account, agent } = await withTwoFactor();

    const wrong = await agent.post('/api/auth/2fa/disable').send({ currentPassword: 'not the password at all' });
    expect([wrong.status, wrong.body.message]).toEqual([403, 'Wrong password']);
    await login(account, newIp()).expect(401);

    await agent.post('/api/auth/2fa/disable').send({ currentPassword: account.password }).expect(204);

    await login(account, newIp()).expect(200);
    expect((await agent.get('/api/auth/me').expect(200)).body.twoFactor).toBe(false);
  });

  it('shows who has it on in the team list', async () => {
    const { account } = await withTwoFactor();
    const adminAccount = await createAccount(sut, 'admin');
    const admin = await signedInAs(sut, adminAccount);

    const team = (await admin.get('/api/admin/users').expect(200)).body as Array<{ id: string; twoFactor: boolean }>;

    expect(team.find((member) => member.id === account.id)?.twoFactor).toBe(true);
    expect(team.find((member) => member.id === adminAccount.id)?.twoFactor).toBe(false);
  });

  it('refuses a second setup while on, and anything without a session', async () => {
    const { agent } = await withTwoFactor();
    await agent.post('/api/auth/2fa/setup').send({ currentPassword: TEAM_PASSWORD }).expect(409);
    await request(sut.server).post('/api/auth/2fa/setup').expect(401);
    await request(sut.server).post('/api/auth/2fa/enable').send({ code: '123456' }).expect(401);
  });
});
