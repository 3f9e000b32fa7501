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

  it('answers me with the account and changes its display name, time zone and notifications', async () => {
    const member = await createAccount(sut, 'member');
    const agent = await signedInAs(sut, member);

    const { body } = await agent
      .patch('/api/auth/me')
      .send({ displayName: ' Ana ', timeZone: 'Europe/Paris', notifications: { newLead: 'daily' } })
      .expect(200);

    const expected = {
      id: member.id,
      username: member.username,
      email: `${member.username}@example.com`,
      displayName: 'Ana',
      role: 'member',
      timeZone: 'Europe/Paris',
      away: false,
      notifications: { newLead: 'daily', assigned: true, replies: 'instant', escalations: true, followUps: true },
      signature: null,
      bookingUrl: null,
      twoFactor: false,
      recoveryCodesLeft: 0,
    };
    expect(body).toEqual(expected);
    expect((await agent.get('/api/auth/me').expect(200)).body).toEqual(expected);
  });

  it('refuses what breaks a rule with every rule named, and a role with 400', async () => {
    const agent = await signedInAs(sut, await createAccount(sut, 'member'));

    const bad = await agent
      .patch('/api/auth/me')
      .send({ displayName: '', timeZone: 'Mars/Olympus', notifications: { newLead: 'hourly' } })
      .expect(400);
    expect(bad.body.message).toEqual([
      'displayName must be 1 to 100 characters',
      'timeZone must be a known IANA time zone',
      'notifications.newLead must be one of all, mine, daily, off',
    ]);
    // A member cannot raise their own role.
    const raise = await agent.patch('/api/auth/me').send({ role: 'admin' }).expect(400);
    expect(raise.body.message).toEqual(['property role should not exist']);
    expect((await agent.get('/api/auth/me').expect(200)).body.role).toBe('member');
  });

  it('takes no e-mail here: 400 naming it, and the address stays (it changes by password and confirmation)', async () => {
    const member = await createAccount(sut, 'member');
    const agent = await signedInAs(sut, member);

    const res = await agent.patch('/api/auth/me').send({ email: 'thief@example.com' }).expect(400);

    expect(res.body.message).toEqual(['property email should not exist']);
    expect((await agent.get('/api/auth/me').expect(200)).body.email).toBe(`${member.username}@example.com`);
  });

  it.each([
    [{ displayName: null }, 'displayName must be text'],
    [{ timeZone: null }, 'timeZone must be a known IANA time zone'],
    [{ timeZone: 42 }, 'timeZone must be a known IANA time zone'],
    [{ notifications: null }, 'notifications must be an object'],
    [{ notifications: 'off' }, 'notifications must be an object'],
    [{ notifications: { newLead: null } }, 'notifications.newLead must be one of all, mine, daily, off'],
    [{ notifications: { newLead: 'instant' } }, 'notifications.newLead must be one of all, mine, daily, off'],
    [{ notifications: { assigned: null } }, 'notifications.assigned must be true or false'],
    [{ notifications: { escalations: null } }, 'notifications.escalations must be true or false'],
    [{ notifications: { followUps: 'yes' } }, 'notifications.followUps must be true or false'],
    [{ notifications: { replies: null } }, 'notifications.replies must be one of instant, off, true or false'],
  ])('answers a null or a wrong type in %j with 400 naming the field, never 500', async (body, message) => {
    const agent = await signedInAs(sut, await createAccount(sut, 'member'));

    const res = await agent.patch('/api/auth/me').send(body);

    expect([res.status, res.body.message]).toEqual([400, expect.arrayContaining([message])]);
  });

  it.each([
    ['/api/auth/password', { currentPassword: null, newPassword: null }, 'currentPassword is required'],
    ['/api/auth/password', { currentPassword: 7, newPassword: ['x'] }, 'newPassword is required'],
    ['/api/auth/email', { email: null, currentPassword: null }, 'email must be a valid e-mail address'],
    ['/api/auth/email', { email: 'a@example.com', currentPassword: {} }, 'currentPassword is required'],
    ['/api/auth/email/confirm', { token: null }, 'token is required'],
    ['/api/auth/email/preview', { token: null }, 'token is required'],
  ])('answers null or a wrong type on %s with 400 naming the field', async (path, body, message) => {
    const agent = await signedInAs(sut, await createAccount(sut, 'member'));

    const res = await agent.post(path).send(body);

    expect([res.status, res.body.message]).toEqual([400, expect.arrayContaining([message])]);
  });

  it.each([
    [{ role: null }, 'role must be one of viewer, member, admin'],
    [{ disabled: null }, 'disabled must be true or false'],
  ])('answers %j on a team account with 400, never 500', async (body, message) => {
    const admin = await signedInAs(sut, await createAccount(sut, 'admin'));
    const other = await createAccount(sut, 'member');

    const res = await admin.patch(`/api/admin/users/${other.id}`).send(body);

    expect([res.status, res.body.message]).toEqual([400, [message]]);
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

  it("takes the browser's time zone at sign-in while the account is on the default and never chose one", async () => {
    const viewer = await createAccount(sut, 'viewer');
    const login = (timeZone: string) =>
      request(sut.server).post('/api/auth/login').send({ username: viewer.username, password: viewer.password, timeZone });
    const zone = async () => (await (await signedInAs(sut, viewer)).get('/api/auth/me').expect(200)).body.timeZone;

    await login('Mars/Olympus').expect(400);
    await login('Europe/Paris').expect(200);
    expect(await zone()).toBe('Europe/Paris');
    // Not on the default any more: another browser's zone changes nothing.
    await login('America/New_York').expect(200);
    expect(await zone()).toBe('Europe/Paris');

    // Chosen (UTC on purpose): kept whatever the browser says.
    const agent = await signedInAs(sut, viewer);
    await agent.patch('/api/auth/me').send({ timeZone: 'UTC' }).expect(200);
    await login('Asia/Tokyo').expect(200);
    expect(await zone()).toBe('UTC');
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
