import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { createAccount, signedInAs, TEAM_PASSWORD } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Agent = ReturnType<typeof request.agent>;

/** The token of an invitation link (after `#`); relative here, as no PUBLIC_URL is set. */
const tokenOf = (inviteUrl: string) => new URL(inviteUrl, 'http://dashboard.invalid').hash.slice(1);

describe('the team: invitations, roles and disabled accounts', () => {
  let sut: TestApp;
  let admin: Agent;
  // The app's clock, moved by the tests that need an invitation to expire.
  let now = new Date();

  beforeAll(async () => {
    sut = await createTestApp({ override: (builder) => builder.overrideProvider(Clock).useValue({ now: () => now }) });
    admin = await signedInAs(sut, await createAccount(sut, 'admin'));
  });
  afterAll(() => sut.close());

  const invite = (email: string, role = 'member') => admin.post('/api/admin/invitations').send({ email, role });
  const accept = (token: string, username: string, extra: object = {}) =>
    request
      .agent(sut.server)
      .post('/api/auth/invitations/accept')
      .send({ token, username, password: TEAM_PASSWORD, ...extra });

  it('invites an e-mail with a role; accepting makes the account and signs it in', async () => {
    const { body: invitation } = await invite('  Bea@Example.com ', 'viewer').expect(201);

    expect(invitation).toEqual({
      id: expect.any(String),
      email: 'bea@example.com',
      role: 'viewer',
      expiresAt: new Date(now.getTime() + 7 * 24 * 3600_000).toISOString(),
      // No PUBLIC_URL: relative, whatever Host the request named; the dashboard completes it.
      inviteUrl: expect.stringMatching(/^\/admin\/invite#[^#]+$/),
    });
    const { body: team } = await admin.get('/api/admin/users').expect(200);
    expect(team).toContainEqual({
      ...invitation,
      username: null,
      displayName: null,
      state: 'invited',
      lastSignInAt: null,
      twoFactor: false,
      away: false,
      openLeads: 0,
      inviteUrl: undefined,
      expiresAt: undefined,
    });

    const bea = accept(tokenOf(invitation.inviteUrl), 'bea', { displayName: 'Bea B.', timeZone: 'America/Chicago' });
    const { body } = await bea.expect(201);
    expect(body).toEqual({ id: expect.any(String), username: 'bea' });
    const agent = request.agent(sut.server);
    await agent.post('/api/auth/login').send({ username: 'bea', password: TEAM_PASSWORD }).expect(200);
    expect((await agent.get('/api/auth/me').expect(200)).body).toMatchObject({
      email: 'bea@example.com',
      displayName: 'Bea B.',
      notifications: { newLead: 'off', assigned: true, replies: 'off', escalations: true, followUps: true },
      role: 'viewer',
      // The browser's zone, sent with the acceptance.
      timeZone: 'America/Chicago',
    });
    const { body: after } = await admin.get('/api/admin/users').expect(200);
    expect(after.filter((row: { email: string }) => row.email === 'bea@example.com')).toEqual([
      expect.objectContaining({ id: body.id, username: 'bea', state: 'active', role: 'viewer' }),
    ]);
  });

  it('signs the invited in with the acceptance itself', async () => {
    const { body: invitation } = await invite('cleo@example.com').expect(201);
    const cleo = request.agent(sut.server);

    await cleo
      .post('/api/auth/invitations/accept')
      .send({ token: tokenOf(invitation.inviteUrl), username: 'cleo', password: TEAM_PASSWORD })
      .expect(201);

    expect((await cleo.get('/api/auth/me').expect(200)).body).toMatchObject({
      username: 'cleo',
      role: 'member',
      // Members (and admins) get their own and the unassigned leads by e-mail from the start; viewers do not.
      notifications: { newLead: 'mine', assigned: true, replies: 'instant', escalations: true, followUps: true },
    });
    // Their first sign-in: the team page does not say "Never signed in".
    const { body: team } = await admin.get('/api/admin/users').expect(200);
    const row = team.find((member: { username: string }) => member.username === 'cleo');
    expect(Date.now() - Date.parse(row.lastSignInAt)).toBeLessThan(60_000);
  });

  it('stores only the SHA-256 of the token', async () => {
    const { body: invitation } = await invite('dora@example.com').expect(201);
    const secret = tokenOf(invitation.inviteUrl).split('.')[1];

    const [row] = await sut.dataSource.query(`SELECT to_jsonb(i)::text AS row, token_hash FROM invitations i WHERE id = $1`, [
      invitation.id,
    ]);
    expect(row.token_hash).toEqual(createHash('sha256').update(secret).digest());
    expect(row.row).not.toContain(secret);
  });

  it('answers 410 to a token used, withdrawn, replaced, expired or made up, and 409 to a taken username (the invitation still good)', async () => {
    const gone = { statusCode: 410, error: 'Gone', message: 'This invitation is no longer valid' };
    const used = (await invite('eve@example.com').expect(201)).body;
    await accept(tokenOf(used.inviteUrl), 'eve').expect(201);
    const withdrawn = (await invite('fay@example.com').expect(201)).body;
    await admin.delete(`/api/admin/invitations/${withdrawn.id}`).expect(204);
    const replaced = (await invite('gil@example.com').expect(201)).body;
    const replacement = (await invite('gil@example.com', 'admin').expect(201)).body;
    const expiring = (await invite('hal@example.com').expect(201)).body;
    now = new Date(now.getTime() + 7 * 24 * 3600_000 + 1);

    for (const token of [
      tokenOf(used.inviteUrl),
      tokenOf(withdrawn.inviteUrl),
      tokenOf(replaced.inviteUrl),
      tokenOf(expiring.inviteUrl),
    ]) {
      expect((await accept(token, `user${Math.random().toString(36).slice(2, 8)}`).expect(410)).body).toEqual(gone);
    }
    const [id] = tokenOf(used.inviteUrl).split('.');
    expect((await accept(`${id}.${'A'.repeat(43)}`, 'mallory').expect(410)).body).toEqual(gone);
    expect((await accept('nonsense', 'mallory').expect(410)).body).toEqual(gone);
    await admin.delete(`/api/admin/invitations/${withdrawn.id}`).expect(404);

    now = new Date();
    const fresh = (await invite('ivy@example.com').expect(201)).body;
    for (const name of ['eve', 'EVE', 'Eve']) {
      const taken = await accept(tokenOf(fresh.inviteUrl), name).expect(409);
      expect(taken.body.message).toBe('This username is taken');
    }
    await accept(tokenOf(fresh.inviteUrl), 'ivy').expect(201);
    // The admin invitation that replaced the first one works.
    await accept(tokenOf(replacement.inviteUrl), 'gil').expect(201);
    const { body: team } = await admin.get('/api/admin/users').expect(200);
    expect(team.find((row: { username: string }) => row.username === 'gil')).toMatchObject({ role: 'admin', state: 'active' });
  });

  it('refuses a weak password or a bad username with the rule, and stores nothing', async () => {
    const { body: invitation } = await invite('jo@example.com').expect(201);

    const res = await accept(tokenOf(invitation.inviteUrl), 'j', { password: 'aaaaaaaaaaaa' }).expect(400);

    expect(res.body.message).toEqual([
      'username must be 3 to 64 letters, digits, dots, dashes or underscores',
      'password is too predictable (repeated characters)',
      'password is a common password',
    ]);
    await accept(tokenOf(invitation.inviteUrl), 'jody').expect(201);
  });

  it('refuses to invite an address that an account holds, active or disabled: 409, and no invitation', async () => {
    await createAccount(sut, 'member', { email: 'kim@example.com' });
    await createAccount(sut, 'member', { email: 'kit@example.com', disabled: true });

    for (const email of ['kim@example.com', ' KIT@example.com']) {
      const res = await invite(email, 'admin').expect(409);
      expect(res.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'That address already has an account' });
    }
    const open = await sut.dataSource.query(
      `SELECT email FROM invitations WHERE email IN ('kim@example.com', 'kit@example.com')`,
    );
    expect(open).toEqual([]);
  });

  it('never lets an invitation change an account: an admin inviting their own address as viewer keeps their admin', async () => {
    const isolated = await createTestApp();
    try {
      const solo = await createAccount(isolated, 'admin', { email: 'solo@example.com' });
      await isolated.dataSource.query(`UPDATE users SET role = 'viewer' WHERE username = 'admin'`);
      const agent = await signedInAs(isolated, solo);

      await agent.post('/api/admin/invitations').send({ email: 'solo@example.com', role: 'viewer' }).expect(409);

      const [{ admins }] = await isolated.dataSource.query(
        `SELECT count(*)::int AS admins FROM users WHERE role = 'admin' AND disabled_at IS NULL`,
      );
      expect(admins).toBe(1);
      expect((await agent.get('/api/auth/me').expect(200)).body.role).toBe('admin');
    } finally {
      await isolated.close();
    }
  });

  it('refuses to accept an invitation whose address has an account by now, and leaves that account as it was', async () => {
    const { body: invitation } = await invite('late@example.com', 'viewer').expect(201);
    const owner = await createAccount(sut, 'admin', { email: 'late@example.com' });

    const res = await accept(tokenOf(invitation.inviteUrl), 'late-taker').expect(409);

    expect(res.body.message).toBe('That address already has an account');
    const [row] = await sut.dataSource.query(`SELECT username, role FROM users WHERE id = $1`, [owner.id]);
    expect(row).toEqual({ username: owner.username, role: 'admin' });
    await signedInAs(sut, owner);
  });

  it('changes a role, disables an account (its cookie gets 401 at once) and enables it again', async () => {
    const lee = await createAccount(sut, 'viewer');
    const agent = await signedInAs(sut, lee);
    await agent.patch(`/api/admin/contacts/${crypto.randomUUID()}`).send({ status: 'contacted' }).expect(403);

    const { body: member } = await admin.patch(`/api/admin/users/${lee.id}`).send({ role: 'member' }).expect(200);
    expect(member).toMatchObject({ id: lee.id, role: 'member', state: 'active' });
    // The new role holds at the next request of the same session.
    await agent.patch(`/api/admin/contacts/${crypto.randomUUID()}`).send({ status: 'contacted' }).expect(404);

    const { body: disabled } = await admin.patch(`/api/admin/users/${lee.id}`).send({ disabled: true }).expect(200);
    expect(disabled.state).toBe('disabled');
    await agent.get('/api/admin/contacts').expect(401);
    await request(sut.server).post('/api/auth/login').send({ username: lee.username, password: TEAM_PASSWORD }).expect(401);

    await admin.patch(`/api/admin/users/${lee.id}`).send({ disabled: false }).expect(200);
    await signedInAs(sut, lee);
    const actions = await sut.dataSource.query(
      `SELECT action, detail FROM audit_events WHERE detail ->> 'userId' = $1 ORDER BY id`,
      [lee.id],
    );
    expect(actions).toEqual([
      { action: 'role', detail: { userId: lee.id, from: 'viewer', to: 'member' } },
      { action: 'disable', detail: { userId: lee.id } },
      { action: 'enable', detail: { userId: lee.id } },
    ]);
  });

  it('refuses bad changes: an unknown account 404, no field or a bad one 400', async () => {
    await admin.patch(`/api/admin/users/${crypto.randomUUID()}`).send({ role: 'admin' }).expect(404);
    await admin.patch('/api/admin/users/not-an-id').send({ role: 'admin' }).expect(404);
    expect((await admin.patch(`/api/admin/users/${crypto.randomUUID()}`).send({}).expect(400)).body.message).toEqual([
      'role, disabled, twoFactor or away must be given',
    ]);
    expect(
      (await admin.patch(`/api/admin/users/${crypto.randomUUID()}`).send({ role: 'owner', disabled: 'yes' }).expect(400)).body
        .message,
    ).toEqual(['role must be one of viewer, member, admin', 'disabled must be true or false']);
  });

  it('keeps at least one active admin: the last cannot be demoted or disabled, by others or themself', async () => {
    const isolated = await createTestApp();
    try {
      const [{ id: envAdmin }] = await isolated.dataSource.query(`SELECT id FROM users WHERE role = 'admin'`);
      const root = await signedInAs(isolated, { username: 'admin', password: 'admin-dev-password' });
      const second = await createAccount(isolated, 'admin');

      await root.patch(`/api/admin/users/${second.id}`).send({ disabled: true }).expect(200);
      const demote = await root.patch(`/api/admin/users/${envAdmin}`).send({ role: 'member' }).expect(409);
      expect(demote.body.message).toBe('The last active admin cannot be demoted or disabled');
      await root.patch(`/api/admin/users/${envAdmin}`).send({ disabled: true }).expect(409);

      await root.patch(`/api/admin/users/${second.id}`).send({ disabled: false }).expect(200);
      // Two admins demoting each other at once: one of them stays. The other's request is
      // refused either as the last admin's demotion (409) or, when the first change was
      // already made before its role was checked, as a member's (403).
      const other = await signedInAs(isolated, second);
      const results = await Promise.all([
        root.patch(`/api/admin/users/${second.id}`).send({ role: 'member' }),
        other.patch(`/api/admin/users/${envAdmin}`).send({ role: 'member' }),
      ]);
      const [done, refused] = results.map((res) => res.status).sort();
      expect(done).toBe(200);
      expect([403, 409]).toContain(refused);
      const [{ admins }] = await isolated.dataSource.query(
        `SELECT count(*)::int AS admins FROM users WHERE role = 'admin' AND disabled_at IS NULL`,
      );
      expect(admins).toBe(1);
    } finally {
      await isolated.close();
    }
  });

  it('keeps a member away from other accounts and from their own role', async () => {
    const member = await createAccount(sut, 'member');
    const agent = await signedInAs(sut, member);

    await agent.get('/api/admin/users').expect(403);
    await agent.patch(`/api/admin/users/${member.id}`).send({ role: 'admin' }).expect(403);
    await agent.post('/api/admin/invitations').send({ email: 'x@example.com', role: 'admin' }).expect(403);
    expect((await agent.get('/api/auth/me').expect(200)).body.role).toBe('member');
  });

  it('records invitations made, withdrawn and accepted, by whom', async () => {
    const { body: invitation } = await invite('max@example.com').expect(201);
    await admin.delete(`/api/admin/invitations/${invitation.id}`).expect(204);
    const { body: again } = await invite('max@example.com').expect(201);
    const { body: max } = await accept(tokenOf(again.inviteUrl), 'max').expect(201);

    const events = await sut.dataSource.query(
      `SELECT action, actor_id IS NOT NULL AS by_someone, actor FROM audit_events WHERE detail ->> 'invitationId' IN ($1, $2) ORDER BY id`,
      [invitation.id, again.id],
    );
    const adminName = (await admin.get('/api/auth/me')).body.username;
    expect(events).toEqual([
      { action: 'invite', by_someone: true, actor: adminName },
      { action: 'invite-withdraw', by_someone: true, actor: adminName },
      { action: 'invite', by_someone: true, actor: adminName },
      { action: 'invite-accept', by_someone: true, actor: max.username },
    ]);
    expect(JSON.stringify(await sut.dataSource.query('SELECT * FROM audit_events'))).not.toContain('max@example.com');
  });
});
