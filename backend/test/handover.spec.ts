import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HAND_OVER_RULE } from '../src/team/hand-over.service.js';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://leads.example.com';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/**
 * Disabling a teammate with their open leads handed over (docs/team-and-privacy.md): to a
 * person, back to routing, or kept; in the disable's transaction.
 */
describe('handing over a disabled teammate’s leads', () => {
  let smtp: SmtpReceiver;
  let sut: TestApp;
  let admin: Agent;
  let rita: TestAccount;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    sut = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'leads@example.com', PUBLIC_URL, DELIVERY_POLL_INTERVAL_MS: '100' },
    });
    admin = await signedInAgent(sut);
    rita = await createAccount(sut, 'member', { email: 'rita@example.com' });
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  /** An owner with three open leads (two new, one contacted), one qualified and one held as spam. */
  async function ownerWithLeads(): Promise<{ owner: TestAccount; open: string[]; qualified: string; held: string }> {
    const owner = await createAccount(sut, 'member');
    const lead = async (name: string, status: string, held = false) =>
      (
        await sut.dataSource.query<Array<{ id: string }>>(
          `INSERT INTO contact_submissions (name, email, interest, status, held_as_spam, assignee_id)
           VALUES ($1, $2, 'community', $3, $4, $5) RETURNING id`,
          [name, `${name.toLowerCase().replace(/\W/g, '')}@example.com`, status, held, owner.id],
        )
      )[0].id;
    const open = [await lead(`New A ${owner.username}`, 'new'), await lead(`New B ${owner.username}`, 'new')];
    open.push(await lead(`Contacted ${owner.username}`, 'contacted'));
    return {
      owner,
      open,
      qualified: await lead(`Qualified ${owner.username}`, 'qualified'),
      held: await lead(`Held ${owner.username}`, 'spam', true),
    };
  }
  const assigneesOf = async (ids: string[]) =>
    (
      await sut.dataSource.query<Array<{ assignee: string | null }>>(
        `SELECT assignee_id AS assignee FROM contact_submissions WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)`,
        [ids],
      )
    ).map((row) => row.assignee);
  const stateOf = async (id: string) =>
    ((await admin.get('/api/admin/users').expect(200)).body as Array<{ id: string; state: string; openLeads: number }>).find(
      (row) => row.id === id,
    );

  it('hands the open leads to a person: each with its assign event, one audit event, one e-mail', async () => {
    const { owner, open, qualified, held } = await ownerWithLeads();
    expect(await stateOf(owner.id)).toMatchObject({ state: 'active', openLeads: 3 });

    const res = await admin.patch(`/api/admin/users/${owner.id}`).send({ disabled: true, handOverTo: rita.id }).expect(200);
    expect(res.body).toMatchObject({ state: 'disabled', openLeads: 0 });
    expect(await assigneesOf([...open, qualified, held])).toEqual([rita.id, rita.id, rita.id, owner.id, owner.id]);
    const detail = (await admin.get(`/api/admin/contacts/${open[2]}`).expect(200)).body;
    expect(detail.assignee).toMatchObject({ id: rita.id });
    expect(detail.history[0]).toMatchObject({ action: 'assign', actor: 'admin', detail: { from: owner.id, to: rita.id } });
    const audit = await sut.dataSource.query(
      `SELECT actor, detail FROM audit_events WHERE action = 'hand-over' AND detail ->> 'userId' = $1`,
      [owner.id],
    );
    expect(audit).toEqual([{ actor: 'admin', detail: { userId: owner.id, to: rita.id, leads: 3 } }]);

    const toRita = () => smtp.received.filter(({ envelopeTo }) => envelopeTo.includes('rita@example.com'));
    await waitFor('the assignment e-mail', () => toRita().length > 0);
    expect(toRita().map(({ mail }) => mail.subject)).toEqual(['3 leads assigned to you']);
    for (const id of open) expect(toRita()[0].mail.text).toContain(`${PUBLIC_URL}/admin?lead=${id}`);
  });

  it('hands them back to routing (unassigned when no rule takes them), or keeps them with their disabled owner', async () => {
    const routed = await ownerWithLeads();
    await admin.patch(`/api/admin/users/${routed.owner.id}`).send({ disabled: true, handOverTo: 'routing' }).expect(200);
    expect(await assigneesOf([...routed.open, routed.qualified])).toEqual([null, null, null, routed.owner.id]);
    const unassigned = (await admin.get('/api/admin/contacts?assignee=none').expect(200)).body as Array<{ id: string }>;
    expect(unassigned.map((row) => row.id)).toEqual(expect.arrayContaining(routed.open));
    const [audit] = await sut.dataSource.query(
      `SELECT detail FROM audit_events WHERE action = 'hand-over' AND detail ->> 'userId' = $1`,
      [routed.owner.id],
    );
    expect(audit.detail).toEqual({ userId: routed.owner.id, to: 'routing', leads: 3 });

    const kept = await ownerWithLeads();
    await admin.patch(`/api/admin/users/${kept.owner.id}`).send({ disabled: true }).expect(200);
    expect(await assigneesOf(kept.open)).toEqual([kept.owner.id, kept.owner.id, kept.owner.id]);
    expect(await stateOf(kept.owner.id)).toMatchObject({ state: 'disabled', openLeads: 3 });

    // The admins find the disabled owners' leads by them: real names, owners only.
    const owners = (await admin.get('/api/admin/assignees/disabled').expect(200)).body as Array<{
      id: string;
      displayName: string;
    }>;
    expect(owners).toEqual(
      expect.arrayContaining([
        { id: kept.owner.id, username: kept.owner.username, displayName: `The ${kept.owner.username}` },
        // Still the owner of the qualified lead and the held one.
        { id: routed.owner.id, username: routed.owner.username, displayName: `The ${routed.owner.username}` },
      ]),
    );
    const listed = (await admin.get(`/api/admin/contacts?assignee=${kept.owner.id}`).expect(200)).body as Array<{ id: string }>;
    expect(listed.map((row) => row.id)).toEqual(expect.arrayContaining(kept.open));
    const asRita = await signedInAs(sut, rita);
    await asRita.get('/api/admin/assignees/disabled').expect(403);
  });

  it('refuses a non-admin (403), and a disabled, unknown, viewer or same target (400), changing nothing', async () => {
    const { owner, open } = await ownerWithLeads();
    const asRita = await signedInAs(sut, rita);
    await asRita.patch(`/api/admin/users/${owner.id}`).send({ disabled: true, handOverTo: rita.id }).expect(403);

    const gone = await createAccount(sut, 'member', { disabled: true });
    const viewer = await createAccount(sut, 'viewer');
    for (const handOverTo of [gone.id, randomUUID(), viewer.id, owner.id, 'nobody']) {
      const res = await admin.patch(`/api/admin/users/${owner.id}`).send({ disabled: true, handOverTo }).expect(400);
      expect(res.body.message).toEqual([HAND_OVER_RULE]);
    }
    const without = await admin.patch(`/api/admin/users/${owner.id}`).send({ role: 'admin', handOverTo: rita.id }).expect(400);
    expect(without.body.message).toEqual(['handOverTo is only taken with disabled: true']);
    expect(await stateOf(owner.id)).toMatchObject({ state: 'active', openLeads: 3 });
    expect(await assigneesOf(open)).toEqual([owner.id, owner.id, owner.id]);
    // The owner can still sign in: nothing of the disable was kept.
    await signedInAs(sut, owner);
  });

  it('keeps the account enabled and every lead its owner’s when the handover fails halfway', async () => {
    const { owner, open } = await ownerWithLeads();
    // The database refuses one lead's new owner, once others (taken in id order) may have changed.
    await sut.dataSource.query(`
      CREATE FUNCTION refuse_handover() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$;
      CREATE TRIGGER refuse_handover BEFORE UPDATE OF assignee_id ON contact_submissions
        FOR EACH ROW WHEN (OLD.id = '${open[2]}') EXECUTE FUNCTION refuse_handover();`);
    try {
      await admin.patch(`/api/admin/users/${owner.id}`).send({ disabled: true, handOverTo: rita.id }).expect(500);
    } finally {
      await sut.dataSource.query(`DROP TRIGGER refuse_handover ON contact_submissions; DROP FUNCTION refuse_handover();`);
    }
    expect(await stateOf(owner.id)).toMatchObject({ state: 'active', openLeads: 3 });
    expect(await assigneesOf(open)).toEqual([owner.id, owner.id, owner.id]);
    const events = await sut.dataSource.query(
      `SELECT action FROM audit_events WHERE (action IN ('disable', 'hand-over') AND detail ->> 'userId' = $1) OR submission_id = ANY($2::uuid[])`,
      [owner.id, open],
    );
    expect(events).toEqual([]);
    await signedInAs(sut, owner);
  });

  it('routes them again when the rules take them: the rule in each history, one e-mail to the new owner', async () => {
    const { owner, open } = await ownerWithLeads();
    await admin
      .put('/api/admin/routing')
      .send({ rules: [], fallback: { pool: [rita.id], strategy: 'round-robin' } })
      .expect(200);
    try {
      const before = smtp.received.length;
      await admin.patch(`/api/admin/users/${owner.id}`).send({ disabled: true, handOverTo: 'routing' }).expect(200);
      expect(await assigneesOf(open)).toEqual([rita.id, rita.id, rita.id]);
      const detail = (await admin.get(`/api/admin/contacts/${open[0]}`).expect(200)).body;
      expect(detail.history[0]).toMatchObject({
        action: 'assign',
        detail: { to: rita.id, routing: { rule: null, reason: 'round robin' } },
      });
      const toRita = () => smtp.received.slice(before).filter(({ envelopeTo }) => envelopeTo.includes('rita@example.com'));
      await waitFor('the assignment e-mail', () => toRita().length > 0);
      expect(toRita().map(({ mail }) => mail.subject)).toEqual(['3 leads assigned to you']);
    } finally {
      await admin.put('/api/admin/routing').send({ rules: [], fallback: null }).expect(200);
    }
  });
});
