import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createAccount, signedInAs, TEAM_PASSWORD, type TestAccount } from '../support/accounts.js';
import { waitFor } from '../support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from '../support/smtp-receiver.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const PUBLIC_URL = 'https://leads.example.com';
const NEW_PASSWORD = 'a password chosen later 7';
const RESET_GONE = { statusCode: 410, error: 'Gone', message: 'This password reset link is no longer valid' };
const CHANGE_GONE = { statusCode: 410, error: 'Gone', message: 'This e-mail confirmation link is no longer valid' };

/**
 * "Links die with what they were sent for" (CONTRACT.md, Trust at the edge, second round):
 * a password change or reset, an e-mail change and disabling an account void every open
 * reset and e-mail-change link of that account; the confirmation link confirms only when
 * asked to (a mail scanner that opens it confirms nothing).
 */
describe('account links die with what they were sent for', () => {
  let sut: TestApp;
  let smtp: SmtpReceiver;
  let admin: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    sut = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'leads@example.com', PUBLIC_URL, DELIVERY_POLL_INTERVAL_MS: '200' },
    });
    admin = await signedInAs(sut, await createAccount(sut, 'admin'));
  });
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  let ips = 0;
  /** Each attack from an address of its own, so that the throttles count only its own requests. */
  const fromNewIp = () => `203.0.113.${(ips += 1)}`;

  /** The token after `#` of the newest link matching `line` in an e-mail to `address`, once there are `count`. */
  const linkTo = async (address: string, line: RegExp, count = 1) => {
    const links = () =>
      smtp.received
        .filter((received) => received.envelopeTo.includes(address))
        .map(({ mail }) => line.exec(mail.text ?? '')?.[1])
        .filter((link): link is string => link !== undefined);
    await waitFor(`${count} links to ${address}`, () => links().length >= count);
    return new URL(links()[count - 1]).hash.slice(1);
  };
  const resetLinkTo = async (address: string) => {
    await request(sut.server)
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', fromNewIp())
      .send({ email: address })
      .expect(202);
    return linkTo(address, /^Choose a new password: (\S+)$/m);
  };
  const useResetLink = (token: string) =>
    request(sut.server)
      .post('/api/auth/password-reset/confirm')
      .set('X-Forwarded-For', fromNewIp())
      .send({ token, password: 'the attacker’s password 99' });
  const changeLinkTo = async (agent: ReturnType<typeof request.agent>, address: string, password = TEAM_PASSWORD) => {
    await agent.post('/api/auth/email').send({ email: address, currentPassword: password }).expect(202);
    return linkTo(address, /^Confirm this address: (\S+)$/m);
  };
  const confirmChange = (token: string) =>
    request(sut.server).post('/api/auth/email/confirm').set('X-Forwarded-For', fromNewIp()).send({ token });
  const emailOf = async (account: TestAccount) =>
    (await sut.dataSource.query(`SELECT email FROM users WHERE id = $1`, [account.id]))[0].email as string;
  const answer = (res: { status: number; body: unknown }) => [res.status, res.body];
  const setDisabled = (account: TestAccount, disabled: boolean) =>
    admin.patch(`/api/admin/users/${account.id}`).send({ disabled }).expect(200);

  // Finding 1a: a reset link sent to the old address still set the password (204) after the
  // account moved to a new one; whoever reads the old mailbox kept a key to the account.
  it('voids a reset link sent to the old address once the e-mail is changed', async () => {
    const account = await createAccount(sut, 'member', { email: 'old.box@example.com' });
    const resetToken = await resetLinkTo('old.box@example.com');
    const owner = await signedInAs(sut, account);
    await confirmChange(await changeLinkTo(owner, 'new.box@example.com')).expect(204);

    expect(answer(await useResetLink(resetToken))).toEqual([410, RESET_GONE]);
    await signedInAs(sut, account);
  });

  // Finding 1b: a reset link sent before the owner changed the password still set it (204).
  it('voids a reset link once the owner changes the password', async () => {
    const account = await createAccount(sut, 'member', { email: 'changer@example.com' });
    const resetToken = await resetLinkTo('changer@example.com');
    const owner = await signedInAs(sut, account);
    await owner.post('/api/auth/password').send({ currentPassword: TEAM_PASSWORD, newPassword: NEW_PASSWORD }).expect(204);

    expect(answer(await useResetLink(resetToken))).toEqual([410, RESET_GONE]);
    await signedInAs(sut, { username: account.username, password: NEW_PASSWORD });
  });

  // Finding 1c: a reset link sent before the account was disabled worked again once it was enabled (204).
  it('voids a reset link once the account is disabled, also after it is enabled again', async () => {
    const account = await createAccount(sut, 'member', { email: 'paused@example.com' });
    const resetToken = await resetLinkTo('paused@example.com');
    await setDisabled(account, true);
    await setDisabled(account, false);

    expect(answer(await useResetLink(resetToken))).toEqual([410, RESET_GONE]);
    await signedInAs(sut, account);
  });

  it('voids a pending e-mail change when the password is reset or changed, or the account is disabled', async () => {
    const reset = await createAccount(sut, 'member', { email: 'by.reset@example.com' });
    const changeAfterReset = await changeLinkTo(await signedInAs(sut, reset), 'by.reset.new@example.com');
    await request(sut.server)
      .post('/api/auth/password-reset/confirm')
      .set('X-Forwarded-For', fromNewIp())
      .send({ token: await resetLinkTo('by.reset@example.com'), password: NEW_PASSWORD })
      .expect(204);

    const changed = await createAccount(sut, 'member', { email: 'by.change@example.com' });
    const changedOwner = await signedInAs(sut, changed);
    const changeAfterPassword = await changeLinkTo(changedOwner, 'by.change.new@example.com');
    await changedOwner.post('/api/auth/password').send({ currentPassword: TEAM_PASSWORD, newPassword: NEW_PASSWORD }).expect(204);

    const disabled = await createAccount(sut, 'member', { email: 'by.disable@example.com' });
    const changeAfterDisable = await changeLinkTo(await signedInAs(sut, disabled), 'by.disable.new@example.com');
    await setDisabled(disabled, true);
    await setDisabled(disabled, false);

    for (const token of [changeAfterReset, changeAfterPassword, changeAfterDisable])
      expect(answer(await confirmChange(token))).toEqual([410, CHANGE_GONE]);
    expect([await emailOf(reset), await emailOf(changed), await emailOf(disabled)]).toEqual([
      'by.reset@example.com',
      'by.change@example.com',
      'by.disable@example.com',
    ]);
  });

  it('keeps one e-mail change link open at a time: a newer request voids the older link', async () => {
    const account = await createAccount(sut, 'member', { email: 'twice@example.com' });
    const owner = await signedInAs(sut, account);
    const first = await changeLinkTo(owner, 'twice.one@example.com');
    const second = await changeLinkTo(owner, 'twice.two@example.com');

    expect(answer(await confirmChange(first))).toEqual([410, CHANGE_GONE]);
    await confirmChange(second).expect(204);
    expect(await emailOf(account)).toBe('twice.two@example.com');
  });

  // Finding 2: opening the confirmation link confirmed the change (the page posted at once),
  // so a mail scanner that fetches links consented for the new address's owner. The page
  // now asks what the link is for, and confirms only when its button is pressed.
  it('tells what a confirmation link is for without confirming it; only the confirmation moves the account', async () => {
    const account = await createAccount(sut, 'member', { username: 'Kim.Lee', email: 'kim@example.com' });
    const token = await changeLinkTo(await signedInAs(sut, account), 'kim.new@example.com');

    for (let opened = 0; opened < 2; opened += 1) {
      const res = await request(sut.server).post('/api/auth/email/preview').set('X-Forwarded-For', fromNewIp()).send({ token });
      expect([res.status, res.body]).toEqual([200, { username: 'Kim.Lee', email: 'kim.new@example.com' }]);
    }
    expect(await emailOf(account)).toBe('kim@example.com');

    await confirmChange(token).expect(204);
    expect(await emailOf(account)).toBe('kim.new@example.com');
    const used = await request(sut.server).post('/api/auth/email/preview').set('X-Forwarded-For', fromNewIp()).send({ token });
    expect(answer(used)).toEqual([410, CHANGE_GONE]);
  });
});
