import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createAccount, signedInAs, TEAM_PASSWORD } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('one’s own account', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('answers me with the account and changes its e-mail, display name, time zone and notifications', async () => {
    const member = await createAccount(sut, 'member');
    const agent = await signedInAs(sut, member);

    const { body } = await agent
      .patch('/api/auth/me')
      .send({ email: '  Ana@Example.COM ', displayName: ' Ana ', timeZone: 'Europe/Paris', notifications: { newLead: 'daily' } })
      .expect(200);

    const expected = {
      id: member.id,
      username: member.username,
      email: 'ana@example.com',
      displayName: 'Ana',
      role: 'member',
      timeZone: 'Europe/Paris',
      notifications: { newLead: 'daily', assigned: true },
      twoFactor: false,
    };
    expect(body).toEqual(expected);
    expect((await agent.get('/api/auth/me').expect(200)).body).toEqual(expected);
  });

  it('refuses what breaks a rule with every rule named, another account’s e-mail with 409, and a role with 400', async () => {
    const taken = await createAccount(sut, 'viewer');
    const agent = await signedInAs(sut, await createAccount(sut, 'member'));

    const bad = await agent
      .patch('/api/auth/me')
      .send({ email: 'nope', displayName: '', timeZone: 'Mars/Olympus', notifications: { newLead: 'hourly' } })
      .expect(400);
    expect(bad.body.message).toEqual([
      'email must be a valid e-mail address',
      'displayName must be 1 to 100 characters',
      'timeZone must be a known IANA time zone',
      'notifications.newLead must be one of instant, daily, off',
    ]);
    const conflict = await agent
      .patch('/api/auth/me')
      .send({ email: `${taken.username}@EXAMPLE.com` })
      .expect(409);
    expect(conflict.body.message).toBe('This e-mail belongs to another account');
    // A member cannot raise their own role.
    const raise = await agent.patch('/api/auth/me').send({ role: 'admin' }).expect(400);
    expect(raise.body.message).toEqual(['property role should not exist']);
    expect((await agent.get('/api/auth/me').expect(200)).body.role).toBe('member');
  });

  it('changes the password after the current one, ends the other sessions and keeps this one', async () => {
    const member = await createAccount(sut, 'member');
    const here = await signedInAs(sut, member);
    const elsewhere = await signedInAs(sut, member);

    const wrong = await here
      .post('/api/auth/password')
      .send({ currentPassword: 'not it', newPassword: 'a brand new passphrase 7' });
    expect([wrong.status, wrong.body.message]).toEqual([400, ['currentPassword is not the current password']]);
    const weak = await here.post('/api/auth/password').send({ currentPassword: TEAM_PASSWORD, newPassword: 'Password1234' });
    expect([weak.status, weak.body.message]).toEqual([400, ['newPassword is a common password']]);
    await here
      .post('/api/auth/password')
      .send({ currentPassword: TEAM_PASSWORD, newPassword: 'a brand new passphrase 7' })
      .expect(204);

    await here.get('/api/auth/me').expect(200);
    await elsewhere.get('/api/auth/me').expect(401);
    await request(sut.server).post('/api/auth/login').send({ username: member.username, password: TEAM_PASSWORD }).expect(401);
    await signedInAs(sut, { username: member.username, password: 'a brand new passphrase 7' });
  });

  it('ends a disabled account’s session on its next request, and answers its sign-in as a wrong password', async () => {
    const member = await createAccount(sut, 'member');
    const agent = await signedInAs(sut, member);

    await sut.dataSource.query('UPDATE users SET disabled_at = now() WHERE id = $1', [member.id]);

    await agent.get('/api/admin/contacts').expect(401);
    await sut.dataSource.query('UPDATE users SET disabled_at = NULL WHERE id = $1', [member.id]);
    // The session ended for good: enabling the account again does not bring it back.
    await agent.get('/api/admin/contacts').expect(401);
    await sut.dataSource.query('UPDATE users SET disabled_at = now() WHERE id = $1', [member.id]);
    const res = await request(sut.server).post('/api/auth/login').send({ username: member.username, password: TEAM_PASSWORD });
    expect([res.status, res.body.message]).toEqual([401, 'Invalid username or password']);
  });

  it('records the time of each sign-in', async () => {
    const viewer = await createAccount(sut, 'viewer');

    await signedInAs(sut, viewer);

    const [{ seconds }] = await sut.dataSource.query(
      `SELECT extract(epoch FROM now() - last_sign_in_at) AS seconds FROM users WHERE id = $1`,
      [viewer.id],
    );
    expect(Number(seconds)).toBeLessThan(60);
  });
});
