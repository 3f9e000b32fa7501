import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { createAccount, signedInAs, TEAM_PASSWORD } from './support/accounts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const NEW_PASSWORD = 'a fresh start password 5';

describe('password reset', () => {
  let sut: TestApp;
  let smtp: SmtpReceiver;
  let now = new Date();

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    sut = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'leads@example.com', DELIVERY_POLL_INTERVAL_MS: '200' },
      override: (builder) => builder.overrideProvider(Clock).useValue({ now: () => now }),
    });
  });
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  let ips = 0;
  /** Each test from an address of its own, so that the throttle counts only its own requests. */
  const fromNewIp = () => `198.51.100.${(ips += 1)}`;
  const ask = (email: string, ip: string) =>
    request(sut.server).post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email });
  const confirm = (token: string, ip: string, password = NEW_PASSWORD) =>
    request(sut.server).post('/api/auth/password-reset/confirm').set('X-Forwarded-For', ip).send({ token, password });
  /** The links e-mailed to `email`, oldest first. */
  const linksTo = (email: string) =>
    smtp.received
      .filter((received) => received.envelopeTo.includes(email))
      .map(({ mail }) => /^Choose a new password: (\S+)$/m.exec(mail.text ?? '')![1]);
  /** The token of the `count`-th link e-mailed to `email`, once it has arrived. */
  const tokenFor = async (email: string, count = 1) => {
    await waitFor(`${count} reset e-mails to ${email}`, () => linksTo(email).length >= count);
    return new URL(linksTo(email)[count - 1]).hash.slice(1);
  };

  it('answers 202 alike for an account, a disabled one and no account; only the active account gets a link', async () => {
    const ip = fromNewIp();
    await createAccount(sut, 'member', { username: 'Nia.Ops', email: 'nia@example.com' });
    await createAccount(sut, 'member', { email: 'off@example.com', disabled: true });

    const answers = await Promise.all(
      ['NIA@example.com ', 'off@example.com', 'nobody@example.com'].map((email) => ask(email, ip)),
    );

    expect(answers.map((res) => [res.status, res.text, res.headers['content-length'] ?? '0'])).toEqual([
      [202, '', '0'],
      [202, '', '0'],
      [202, '', '0'],
    ]);
    await tokenFor('nia@example.com');
    const { mail } = smtp.received.find((received) => received.envelopeTo.includes('nia@example.com'))!;
    expect(mail.subject).toBe('Reset your password');
    expect(linksTo('nia@example.com')).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/admin\/reset#[^#]+$/)]);
    expect(mail.html).toContain(`href="${linksTo('nia@example.com')[0]}"`);
    // The username too, which a person who forgot the password may have forgotten as well.
    expect(mail.text).toContain('Your username is Nia.Ops.');
    expect(mail.html).toContain('Your username is Nia.Ops.');
    // Queued with the link in one transaction: no other e-mail is on its way.
    const queued = await sut.dataSource.query(`SELECT payload ->> 'to' AS "to" FROM deliveries WHERE event = 'password-reset'`);
    expect(queued).toEqual([{ to: 'nia@example.com' }]);
  });

  it('sets the new password once, ends every session of the account, and the old password no longer works', async () => {
    const ip = fromNewIp();
    const account = await createAccount(sut, 'viewer', { email: 'omar@example.com' });
    const session = await signedInAs(sut, account);
    await ask('omar@example.com', ip).expect(202);

    await confirm(await tokenFor('omar@example.com'), ip).expect(204);

    await session.get('/api/auth/me').expect(401);
    await request(sut.server).post('/api/auth/login').send({ username: account.username, password: TEAM_PASSWORD }).expect(401);
    await signedInAs(sut, { username: account.username, password: NEW_PASSWORD });
    const res = await confirm(await tokenFor('omar@example.com'), ip, 'yet another password 6').expect(410);
    expect(res.body).toEqual({ statusCode: 410, error: 'Gone', message: 'This password reset link is no longer valid' });
  });

  it('answers 410 to a link expired after an hour, replaced by a newer one, or made up; 400 to a weak password', async () => {
    const ip = fromNewIp();
    await createAccount(sut, 'member', { email: 'pia@example.com' });
    await ask('pia@example.com', ip).expect(202);
    const replaced = await tokenFor('pia@example.com');
    await ask('pia@example.com', ip).expect(202);
    const current = await tokenFor('pia@example.com', 2);

    await confirm(replaced, ip).expect(410);
    await confirm(`${current.split('.')[0]}.${'C'.repeat(43)}`, ip).expect(410);
    await confirm('not a token', ip).expect(410);
    expect((await confirm(current, ip, 'short').expect(400)).body.message).toEqual(['password must be at least 12 characters']);
    now = new Date(now.getTime() + 60 * 60_000 + 1);
    try {
      await confirm(current, fromNewIp()).expect(410);
    } finally {
      now = new Date();
    }
  });

  it('throttles requests like sign-in: 429 with Retry-After past five for one e-mail from one address', async () => {
    const ip = fromNewIp();
    for (let attempt = 0; attempt < 5; attempt += 1) await ask('quinn@example.com', ip).expect(202);

    const res = await ask('quinn@example.com', ip).expect(429);

    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    await ask('quinn@example.com', fromNewIp()).expect(202);
  });

  it('records the request and the reset under the account, without the token', async () => {
    const ip = fromNewIp();
    const account = await createAccount(sut, 'member', { email: 'rui@example.com' });
    await ask('rui@example.com', ip).expect(202);
    const token = await tokenFor('rui@example.com');
    await confirm(token, ip).expect(204);

    const events = await sut.dataSource.query(
      `SELECT actor_id, action, detail FROM audit_events WHERE detail ->> 'userId' = $1 ORDER BY id`,
      [account.id],
    );
    expect(events).toEqual([
      { actor_id: null, action: 'password-reset', detail: { userId: account.id, step: 'requested' } },
      { actor_id: account.id, action: 'password-reset', detail: { userId: account.id, step: 'done' } },
    ]);
    expect(JSON.stringify(await sut.dataSource.query('SELECT * FROM audit_events'))).not.toContain(token.split('.')[1]);
  });
});
