import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { createAccount, signedInAs, TEAM_PASSWORD } from './support/accounts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { REFUSED_RECIPIENT, type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://leads.example.com';

describe('changing one’s e-mail', () => {
  let sut: TestApp;
  let smtp: SmtpReceiver;
  let now = new Date();

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    sut = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'leads@example.com', PUBLIC_URL, DELIVERY_POLL_INTERVAL_MS: '200' },
      override: (builder) => builder.overrideProvider(Clock).useValue({ now: () => now }),
    });
  });
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  const mailsTo = (address: string) => smtp.received.filter((received) => received.envelopeTo.includes(address));
  /** The token of the confirmation link e-mailed to `address`, once it has arrived. */
  const confirmationTo = async (address: string) => {
    await waitFor(`a confirmation to ${address}`, () => mailsTo(address).length > 0);
    const { mail } = mailsTo(address)[0];
    expect(mail.subject).toBe('Confirm your new e-mail address');
    const link = /^Confirm this address: (\S+)$/m.exec(mail.text ?? '')![1];
    expect(link).toMatch(/^https:\/\/leads\.example\.com\/admin\/confirm-email#[^#]+$/);
    return new URL(link).hash.slice(1);
  };
  const confirm = (token: string) => request(sut.server).post('/api/auth/email/confirm').send({ token });

  it('needs the password, mails a link to the new address, and moves the account only once it is confirmed', async () => {
    const member = await createAccount(sut, 'member', { email: 'uma@example.com' });
    const here = await signedInAs(sut, member);
    const elsewhere = await signedInAs(sut, member);

    const wrong = await here
      .post('/api/auth/email')
      .send({ email: 'uma.new@example.com', currentPassword: 'not it' })
      .expect(403);
    expect(wrong.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Wrong password' });
    await here.post('/api/auth/email').send({ email: ' Uma.New@Example.com', currentPassword: TEAM_PASSWORD }).expect(202);
    const token = await confirmationTo('uma.new@example.com');
    expect((await here.get('/api/auth/me').expect(200)).body.email).toBe('uma@example.com');

    await here.post('/api/auth/email/confirm').send({ token }).expect(204);

    expect((await here.get('/api/auth/me').expect(200)).body.email).toBe('uma.new@example.com');
    await elsewhere.get('/api/auth/me').expect(401);
    await waitFor('the notice to the old address', () => mailsTo('uma@example.com').length > 0);
    const notice = mailsTo('uma@example.com')[0].mail;
    expect(notice.subject).toBe('Your e-mail address was changed');
    expect(notice.text).toContain(`${PUBLIC_URL}/admin`);
    const used = await confirm(token).expect(410);
    expect(used.body.message).toBe('This e-mail confirmation link is no longer valid');
  });

  it('answers an address another account holds the same 202, tells its owner, and sends the requester nothing', async () => {
    const owner = await createAccount(sut, 'admin', { email: 'vera@example.com' });
    const member = await createAccount(sut, 'member', { email: 'wes@example.com' });
    const agent = await signedInAs(sut, member);

    const res = await agent.post('/api/auth/email').send({ email: 'VERA@example.com', currentPassword: TEAM_PASSWORD });

    expect([res.status, res.text]).toEqual([202, '']);
    await waitFor('the notice to the owner', () => mailsTo('vera@example.com').length > 0);
    expect(mailsTo('vera@example.com').map(({ mail }) => mail.subject)).toEqual(['Someone asked to use your e-mail address']);
    expect(mailsTo('vera@example.com')[0].mail.text).not.toMatch(/confirm-email/);
    expect(mailsTo('wes@example.com')).toEqual([]);
    const [row] = await sut.dataSource.query(`SELECT email FROM users WHERE id = $1`, [owner.id]);
    expect(row.email).toBe('vera@example.com');
    expect(await sut.dataSource.query(`SELECT * FROM email_changes WHERE user_id = $1`, [member.id])).toEqual([]);
  });

  it("answers a disabled account's address the same 202, and mails nobody", async () => {
    await createAccount(sut, 'member', { email: 'gone@example.com', disabled: true });
    const agent = await signedInAs(sut, await createAccount(sut, 'member', { email: 'zed@example.com' }));

    await agent.post('/api/auth/email').send({ email: 'gone@example.com', currentPassword: TEAM_PASSWORD }).expect(202);

    // Whatever it queued is in the outbox with the request's commit: nothing for either address.
    const queued = await sut.dataSource.query(
      `SELECT payload ->> 'to' AS "to" FROM deliveries WHERE payload ->> 'to' IN ($1, $2)`,
      ['gone@example.com', 'zed@example.com'],
    );
    expect(queued).toEqual([]);
  });

  it('answers 410 to a link an hour old, replaced, made up, or whose address was taken since', async () => {
    const member = await createAccount(sut, 'member', { email: 'xia@example.com' });
    const agent = await signedInAs(sut, member);
    await agent.post('/api/auth/email').send({ email: 'xia.one@example.com', currentPassword: TEAM_PASSWORD }).expect(202);
    const replaced = await confirmationTo('xia.one@example.com');
    await agent.post('/api/auth/email').send({ email: 'xia.two@example.com', currentPassword: TEAM_PASSWORD }).expect(202);
    const current = await confirmationTo('xia.two@example.com');

    await confirm(replaced).expect(410);
    await confirm(`${current.split('.')[0]}.${'C'.repeat(43)}`).expect(410);
    await confirm('not a token').expect(410);
    await createAccount(sut, 'viewer', { email: 'xia.two@example.com' });
    await confirm(current).expect(410);
    await sut.dataSource.query(`DELETE FROM users WHERE email = 'xia.two@example.com'`);
    now = new Date(now.getTime() + 60 * 60_000 + 1);
    try {
      await confirm(current).expect(410);
    } finally {
      now = new Date();
    }
    expect((await agent.get('/api/auth/me').expect(200)).body.email).toBe('xia@example.com');
  });

  it('stores the token only as its hash, and keeps no usable link in the outbox once the e-mail is sent or has failed', async () => {
    const member = await createAccount(sut, 'member', { email: 'yan@example.com' });
    const agent = await signedInAs(sut, member);
    await agent.post('/api/auth/email').send({ email: 'yan.new@example.com', currentPassword: TEAM_PASSWORD }).expect(202);
    const token = await confirmationTo('yan.new@example.com');
    await agent.post('/api/auth/email').send({ email: REFUSED_RECIPIENT, currentPassword: TEAM_PASSWORD }).expect(202);
    await waitFor('the refused confirmation to fail for good', async () => {
      const [row] = await sut.dataSource.query(
        `SELECT status FROM deliveries WHERE event = 'email-confirm' AND payload ->> 'to' = $1`,
        [REFUSED_RECIPIENT],
      );
      return row?.status === 'failed';
    });
    await waitFor('the sent one to be recorded', async () => {
      const [row] = await sut.dataSource.query(
        `SELECT status FROM deliveries WHERE event = 'email-confirm' AND payload ->> 'to' = 'yan.new@example.com'`,
      );
      return row?.status === 'delivered';
    });

    const stored = JSON.stringify(await sut.dataSource.query(`SELECT * FROM deliveries WHERE event = 'email-confirm'`));
    expect(stored).not.toContain(token.split('.')[1]);
    expect(stored).not.toMatch(/confirm-email#[0-9a-f]{8}-/);
    expect(stored).toContain(`${PUBLIC_URL}/admin/confirm-email#removed-once-sent`);
    expect(stored).toContain('yan.new@example.com');
    expect(JSON.stringify(await sut.dataSource.query('SELECT * FROM email_changes'))).not.toContain(token.split('.')[1]);
  });
});
