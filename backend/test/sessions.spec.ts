import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createAccount, signedInAs } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

interface Session {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
}

describe('GET/DELETE /api/auth/sessions', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  /** A client signed in as `account` from `ip` with a browser named `userAgent`. */
  const device = async (account: { username: string; password: string }, ip: string, userAgent: string) => {
    const agent = request.agent(sut.server);
    await agent
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .set('User-Agent', userAgent)
      .send({ username: account.username, password: account.password })
      .expect(200);
    return agent;
  };

  it("lists the caller's sessions newest first, marking this device's, and nobody else's", async () => {
    const account = await createAccount(sut, 'viewer');
    const phone = await device(account, '198.51.100.7', 'Phone browser');
    const laptop = await device(account, '198.51.100.8', 'Laptop browser');
    await signedInAs(sut, await createAccount(sut, 'member'));

    const res = await laptop.get('/api/auth/sessions').expect(200);

    const sessions = res.body as Session[];
    expect(sessions.map(({ current, ip, userAgent }) => ({ current, ip, userAgent }))).toEqual([
      { current: true, ip: '198.51.100.8', userAgent: 'Laptop browser' },
      { current: false, ip: '198.51.100.7', userAgent: 'Phone browser' },
    ]);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt) - 1000);
    }
    expect((await phone.get('/api/auth/sessions').expect(200)).body[1].current).toBe(true);
  });

  it('ends another of my sessions (its next request answers 401), and answers 404 for one of someone else', async () => {
    const account = await createAccount(sut, 'viewer');
    const phone = await device(account, '198.51.100.9', 'Phone');
    const laptop = await device(account, '198.51.100.10', 'Laptop');
    const stranger = await signedInAs(sut, await createAccount(sut, 'admin'));
    const phoneId = ((await phone.get('/api/auth/sessions').expect(200)).body as Session[]).find((s) => s.current)!.id;

    const refused = await stranger.delete(`/api/auth/sessions/${phoneId}`);
    expect([refused.status, refused.body.message]).toEqual([404, 'No session of yours has this id']);
    await phone.get('/api/auth/me').expect(200);

    await laptop.delete(`/api/auth/sessions/${phoneId}`).expect(204);

    await phone.get('/api/auth/me').expect(401);
    expect(((await laptop.get('/api/auth/sessions').expect(200)).body as Session[]).map((s) => s.current)).toEqual([true]);
  });

  it('shows ids that are not session cookies', async () => {
    const account = await createAccount(sut, 'viewer');
    const laptop = await device(account, '198.51.100.11', 'Laptop');
    const [session] = (await laptop.get('/api/auth/sessions').expect(200)).body as Session[];

    await request(sut.server).get('/api/auth/me').set('Cookie', `sid=${session.id}`).expect(401);
    const stored = await sut.dataSource.query<Array<{ sid: string }>>(`SELECT sid FROM user_sessions WHERE left(sid, 32) = $1`, [
      session.id,
    ]);
    await request(sut.server).get('/api/auth/me').set('Cookie', `sid=${stored[0].sid}`).expect(401);
  });

  it('answers 401 without a session', async () => {
    await request(sut.server).get('/api/auth/sessions').expect(401);
    await request(sut.server).delete('/api/auth/sessions/0123456789abcdef0123456789abcdef').expect(401);
  });
});

describe('GET /api/auth/sign-ins', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it("records each sign-in and failed sign-in of the caller's account with IP and user agent, newest first", async () => {
    const account = await createAccount(sut, 'member');
    const login = (password: string, ip: string, userAgent: string) =>
      request(sut.server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .set('User-Agent', userAgent)
        .send({ username: account.username, password });
    await login('not the password', '203.0.113.5', 'Guesser/1.0').expect(401);
    await login(account.password, '203.0.113.6', 'Firefox').expect(200);
    await request(sut.server).post('/api/auth/login').send({ username: 'nobody-here', password: 'whatever it is' }).expect(401);
    const agent = request.agent(sut.server);
    await agent
      .post('/api/auth/login')
      .set('X-Forwarded-For', '203.0.113.7')
      .set('User-Agent', 'Chromium')
      .send({ username: account.username, password: account.password })
      .expect(200);

    const res = await agent.get('/api/auth/sign-ins').expect(200);

    expect(res.body).toEqual([
      { at: expect.any(String), ip: '203.0.113.7', userAgent: 'Chromium', success: true },
      { at: expect.any(String), ip: '203.0.113.6', userAgent: 'Firefox', success: true },
      { at: expect.any(String), ip: '203.0.113.5', userAgent: 'Guesser/1.0', success: false },
    ]);
    const other = await signedInAs(sut, await createAccount(sut, 'admin'));
    expect((await other.get('/api/auth/sign-ins').expect(200)).body).toHaveLength(1);
  });

  it('shows the last 50', async () => {
    const account = await createAccount(sut, 'viewer');
    await sut.dataSource.query(
      `INSERT INTO sign_ins (user_id, at, ip, user_agent, success)
       SELECT $1, now() - n * interval '1 minute', '192.0.2.1', 'Old', false FROM generate_series(1, 60) AS n`,
      [account.id],
    );
    const agent = await signedInAs(sut, account);

    const res = await agent.get('/api/auth/sign-ins').expect(200);

    expect(res.body).toHaveLength(50);
    expect(res.body[0]).toMatchObject({ success: true });
  });
});
