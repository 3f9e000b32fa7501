import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createAccount, signedInAs, TEAM_PASSWORD } from './support/accounts.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

/** New passwords (change, invitation): 12+ characters, not a leaked one, not the account's own names. */
describe('new password rules', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it.each([
    // A season and a year: accepted by the former 30-word list.
    ['Summer2025!!', 'newPassword is a common password'],
    ['iloveyou2024', 'newPassword is a common password'],
    ['short pass', 'newPassword must be at least 12 characters'],
  ])('refuses to change the password to %j', async (newPassword, message) => {
    const agent = await signedInAs(sut, await createAccount(sut, 'viewer'));

    const res = await agent.post('/api/auth/password').send({ currentPassword: TEAM_PASSWORD, newPassword });

    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('names every rule a new password breaks at once, not the first one only', async () => {
    const agent = await signedInAs(sut, await createAccount(sut, 'viewer'));

    const res = await agent.post('/api/auth/password').send({ currentPassword: TEAM_PASSWORD, newPassword: 'password' });

    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(
      expect.arrayContaining(['newPassword must be at least 12 characters', 'newPassword is a common password']),
    );
  });

  it("refuses a password that contains the username or the e-mail's name, and keeps the old one", async () => {
    const account = await createAccount(sut, 'viewer', { username: 'marguerite', email: 'm.duras@example.com' });
    const agent = await signedInAs(sut, account);

    const named = await agent
      .post('/api/auth/password')
      .send({ currentPassword: TEAM_PASSWORD, newPassword: 'Marguerite writes 1984' });
    const mailed = await agent
      .post('/api/auth/password')
      .send({ currentPassword: TEAM_PASSWORD, newPassword: 'hello M.Duras, 7 times' });

    expect([named.status, named.body.message]).toEqual([400, ['newPassword must not contain the username']]);
    expect([mailed.status, mailed.body.message]).toEqual([
      400,
      ["newPassword must not contain the e-mail address's name (before the @)"],
    ]);
    await signedInAs(sut, account);
  });

  it("refuses an invitation's password that contains the chosen username, and the invitation stays usable", async () => {
    const admin = await signedInAgent(sut);
    const invitation = await admin
      .post('/api/admin/invitations')
      .send({ email: 'newcomer@example.com', role: 'member' })
      .expect(201);
    // Relative without PUBLIC_URL (the dashboard completes it with its own origin).
    const token = new URL(invitation.body.inviteUrl as string, 'http://localhost').hash.slice(1);
    const accept = (password: string) =>
      request(sut.server).post('/api/auth/invitations/accept').send({ token, username: 'rosalind', password });

    const named = await accept('rosalind forever 42');
    expect([named.status, named.body.message]).toEqual([400, ['password must not contain the username']]);
    const mailed = await accept('i am the newcomer here');
    expect([mailed.status, mailed.body.message]).toEqual([
      400,
      ["password must not contain the e-mail address's name (before the @)"],
    ]);

    await accept('a fine passphrase for me').expect(201);
  });
});
