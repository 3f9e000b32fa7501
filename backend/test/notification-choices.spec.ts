import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { dataSourceOptions, MIGRATIONS } from '../src/database/data-source.js';
import { NotificationChoices1796810000000 } from '../src/database/migrations/1796810000000-notification-choices.js';
import { DailyDigest } from '../src/lead-emails/daily-digest.service.js';
import { ResponseTimeScan } from '../src/response-time/response-time-scan.service.js';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, createTestDatabase, signedInAgent } from './support/test-app.js';

const PUBLIC_URL = 'https://leads.example.com';
const ENV = {
  MAIL_FROM: 'Lead inbox <leads@example.com>',
  PUBLIC_URL,
  DELIVERY_POLL_INTERVAL_MS: '100',
  // The tests run the scan themselves: one scan, one e-mail per person.
  RESPONSE_SCAN_INTERVAL_MS: '3600000',
};

type Agent = Awaited<ReturnType<typeof signedInAs>>;

/** The app with a real SMTP server, and helpers to read what each person received. */
async function startApp(clock: { now?: Date }) {
  const smtp = await startSmtpReceiver();
  const sut = await createTestApp({
    env: { SMTP_URL: smtp.url, ...ENV },
    override: (builder) => builder.overrideProvider(Clock).useValue({ now: () => clock.now ?? new Date() }),
  });
  const submit = (body: Record<string, unknown>) =>
    request(sut.server)
      .post('/api/contact')
      .set('X-Forwarded-For', `198.51.100.${Math.floor(Math.random() * 250)}`)
      .send(contactBody(body))
      .expect(201)
      .then((res) => res.body.id as string);
  /** Waits until every e-mail queued so far has reached the SMTP server. */
  const settled = () =>
    waitFor('every e-mail delivered', async () => {
      const [{ pending, delivered }] = await sut.dataSource.query<Array<{ pending: number; delivered: number }>>(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'delivered')::int AS delivered
           FROM deliveries WHERE channel = 'email'`,
      );
      return pending === 0 && smtp.received.length === delivered;
    });
  const subjectsTo = (address: string) =>
    smtp.received.filter(({ envelopeTo }) => envelopeTo.includes(address)).map(({ mail }) => mail.subject ?? '');
  const mailsTo = (address: string, subject: string) =>
    smtp.received.filter(({ envelopeTo, mail }) => envelopeTo.includes(address) && mail.subject === subject);
  /** Makes the leads overdue and their follow-ups due, then scans once. */
  const scanWith = async (overdue: string[], followUps: string[]) => {
    await sut.dataSource.query(
      `UPDATE contact_submissions SET response_due_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`,
      [overdue],
    );
    await sut.dataSource.query(
      `UPDATE contact_submissions SET follow_up_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`,
      [followUps],
    );
    await sut.app.get(ResponseTimeScan).scan();
  };
  return { smtp, sut, submit, settled, subjectsTo, mailsTo, scanWith };
}

describe('notification choices: a scripted day', () => {
  const clock: { now?: Date } = {};
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: Agent;
  let alice: TestAccount;
  let mo: TestAccount;
  let dana: TestAccount;

  beforeAll(async () => {
    app = await startApp(clock);
    admin = await signedInAgent(app.sut);
    alice = await createAccount(app.sut, 'admin', { email: 'alice@example.com' });
    mo = await createAccount(app.sut, 'member', { email: 'mo@example.com' });
    dana = await createAccount(app.sut, 'member', { email: 'dana@example.com' });
  }, 60_000);
  afterAll(async () => {
    await app?.sut.close();
    await app?.smtp.close();
  });

  it('answers the choices in `me`, new accounts starting at `mine`, and takes each choice by PATCH', async () => {
    const asMo = await signedInAs(app.sut, mo);
    expect((await asMo.get('/api/auth/me').expect(200)).body.notifications).toEqual({
      newLead: 'mine',
      assigned: true,
      replies: 'instant',
      escalations: true,
      followUps: true,
    });
    const asAlice = await signedInAs(app.sut, alice);
    const all = await asAlice
      .patch('/api/auth/me')
      .send({ notifications: { newLead: 'all' } })
      .expect(200);
    expect(all.body.notifications.newLead).toBe('all');
    const asDana = await signedInAs(app.sut, dana);
    await asDana
      .patch('/api/auth/me')
      .send({ notifications: { newLead: 'daily' } })
      .expect(200);

    const bad = await asMo
      .patch('/api/auth/me')
      .send({ notifications: { newLead: 'instant', escalations: 'no', followUps: null, replies: 'yes' } })
      .expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining([
        'notifications.newLead must be one of all, mine, daily, off',
        'notifications.escalations must be true or false',
        'notifications.followUps must be true or false',
        'notifications.replies must be one of instant, off, true or false',
      ]),
    );
    expect((await asMo.get('/api/auth/me').expect(200)).body.notifications.newLead).toBe('mine');
  });

  it('sends each person what they chose over a day, one e-mail per bulk assignment and per scan', async () => {
    // Morning: an unassigned lead goes to `all` and `mine`, not to `daily`.
    const first = await app.submit({ name: 'Una Assigned', email: 'una@example.com' });
    // The admin gives it to Dana; its visitor writes again: a returning lead, Dana's, goes to
    // her (`daily`: no) and to `all`, not to Mo's `mine`.
    await admin.patch(`/api/admin/contacts/${first}`).send({ assigneeId: dana.id }).expect(200);
    await app.submit({ name: 'Una Assigned', email: 'una@example.com', comments: 'Writing again.' });
    // One of Mo's comes back: to Mo (`mine`) and Alice (`all`).
    const mine = await app.submit({ name: 'Max Mine', email: 'max@example.com' });
    await admin.patch(`/api/admin/contacts/${mine}`).send({ assigneeId: mo.id }).expect(200);
    const returning = await app.submit({ name: 'Max Mine', email: 'max@example.com', comments: 'Me again.' });
    const returned = (await admin.get(`/api/admin/contacts/${returning}`).expect(200)).body;
    expect(returned.assignee.id).toBe(mo.id);

    // Noon: five leads, bulk-assigned three to Mo and two to Dana: one e-mail each.
    const batch: string[] = [];
    for (let i = 1; i <= 5; i += 1) batch.push(await app.submit({ name: `Batch ${i}`, email: `batch${i}@example.com` }));
    await admin
      .post('/api/admin/contacts/bulk')
      .send({ ids: batch.slice(0, 3), assigneeId: mo.id })
      .expect(200, { updated: 3 });
    await admin
      .post('/api/admin/contacts/bulk')
      .send({ ids: batch.slice(3), assigneeId: dana.id })
      .expect(200, { updated: 2 });
    await app.settled();
    const [toMo] = app.mailsTo('mo@example.com', '3 leads assigned to you');
    for (const id of batch.slice(0, 3)) expect(toMo.mail.text).toContain(`${PUBLIC_URL}/admin?lead=${id}`);
    expect(toMo.mail.text).toContain('Batch 1');
    expect(toMo.mail.html).toContain(`href="${PUBLIC_URL}/admin?lead=${batch[2]}"`);

    // Afternoon: one scan finds six overdue leads and three due follow-ups.
    const unassigned = [
      await app.submit({ name: 'Late One', email: 'late1@example.com' }),
      await app.submit({ name: 'Late Two', email: 'late2@example.com' }),
    ];
    await app.scanWith([...batch, ...unassigned], [batch[0], batch[1], unassigned[0]]);
    await app.settled();
    const [waiting] = app.mailsTo('mo@example.com', 'Waiting for an answer: 3 leads');
    for (const id of batch.slice(0, 3)) expect(waiting.mail.text).toContain(`${PUBLIC_URL}/admin?lead=${id}`);
    expect(waiting.mail.text).not.toContain(batch[3]);

    // Dana's digest, at 09:00 of her day (five hours from now: the app's own check, on the real
    // clock, finds her at 04:00 and sends nothing).
    clock.now = new Date(Date.now() + 5 * 3_600_000);
    await app.sut.dataSource.query(`UPDATE users SET time_zone = $1 WHERE id = $2`, [zoneAtNine(clock.now), dana.id]);
    try {
      expect(await app.sut.app.get(DailyDigest).sendDue()).toBe(1);
    } finally {
      clock.now = undefined;
    }
    await app.settled();

    const counts = Object.fromEntries(
      ['alice', 'mo', 'dana'].map((name) => [name, app.subjectsTo(`${name}@example.com`).length]),
    );
    console.log(`notification choices, e-mails per person over the day: ${JSON.stringify(counts)}`);
    expect(app.subjectsTo('alice@example.com').sort()).toEqual(
      [
        'New lead: Una Assigned – Empower Recruiting Team',
        'Returning lead: Una Assigned – Empower Recruiting Team',
        'New lead: Max Mine – Empower Recruiting Team',
        'Returning lead: Max Mine – Empower Recruiting Team',
        ...[1, 2, 3, 4, 5].map((i) => `New lead: Batch ${i} – Empower Recruiting Team`),
        'New lead: Late One – Empower Recruiting Team',
        'New lead: Late Two – Empower Recruiting Team',
        // The unassigned overdue leads go to every admin; the unassigned follow-up to every member and admin.
        'Waiting for an answer: 2 leads',
        'Follow up: Late One',
      ].sort(),
    );
    expect(app.subjectsTo('mo@example.com').sort()).toEqual(
      [
        'New lead: Una Assigned – Empower Recruiting Team',
        'New lead: Max Mine – Empower Recruiting Team',
        'Assigned to you: Max Mine',
        'Returning lead: Max Mine – Empower Recruiting Team',
        ...[1, 2, 3, 4, 5].map((i) => `New lead: Batch ${i} – Empower Recruiting Team`),
        '3 leads assigned to you',
        'New lead: Late One – Empower Recruiting Team',
        'New lead: Late Two – Empower Recruiting Team',
        'Waiting for an answer: 3 leads',
        'Follow up: 3 leads',
      ].sort(),
    );
    // Dana reads new leads in the digest, but hears of the leads given to her: her returning lead too.
    expect(app.subjectsTo('dana@example.com').sort()).toEqual(
      [
        'Assigned to you: Una Assigned',
        'Returning lead: Una Assigned – Empower Recruiting Team',
        '2 leads assigned to you',
        'Waiting for an answer: 2 leads',
        'Follow up: Late One',
        'Daily digest: 11 new leads',
      ].sort(),
    );
    expect(counts).toEqual({ alice: 13, mo: 14, dana: 6 });
  }, 60_000);
  it('escapes what visitors typed in an e-mail listing several leads', async () => {
    const names = ['<img src=x onerror=alert(1)>', 'Bold & <b>Co</b>'];
    const ids = [
      await app.submit({ name: names[0], email: 'hostile1@example.com' }),
      await app.submit({ name: names[1], email: 'hostile2@example.com' }),
    ];
    await admin.post('/api/admin/contacts/bulk').send({ ids, assigneeId: mo.id }).expect(200, { updated: 2 });
    await app.scanWith(ids, []);
    await app.settled();
    for (const subject of ['2 leads assigned to you', 'Waiting for an answer: 2 leads']) {
      const [{ mail }] = app.mailsTo('mo@example.com', subject);
      expect(mail.text).toContain(names[0]);
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(mail.html).toContain('Bold &amp; &lt;b&gt;Co&lt;/b&gt;');
      expect(mail.html).not.toMatch(/<img|<b>/i);
    }
    // Erasing one of the leads erases the e-mails that list it (its name is in them).
    const listing = () =>
      app.sut.dataSource.query(`SELECT event FROM deliveries WHERE channel = 'email' AND payload ->> 'text' LIKE $1 ORDER BY 1`, [
        `%lead=${ids[0]}%`,
      ]);
    expect(await listing()).toEqual(expect.arrayContaining([{ event: 'assigned' }, { event: 'overdue' }]));
    await admin.delete(`/api/admin/contacts/${ids[0]}`).expect(204);
    expect(await listing()).toEqual([]);
  });
});

describe('notification choices: each one turned off', () => {
  const clock: { now?: Date } = {};
  let app: Awaited<ReturnType<typeof startApp>>;
  let admin: Agent;
  let quiet: TestAccount;
  let asQuiet: Agent;
  let viewer: TestAccount;

  beforeAll(async () => {
    app = await startApp(clock);
    admin = await signedInAgent(app.sut);
    quiet = await createAccount(app.sut, 'member', { email: 'quiet@example.com' });
    viewer = await createAccount(app.sut, 'viewer', { email: 'vic@example.com' });
    asQuiet = await signedInAs(app.sut, quiet);
  }, 60_000);
  afterAll(async () => {
    await app?.sut.close();
    await app?.smtp.close();
  });

  it('sends no escalation, reminder, assignment or new-lead e-mail to whom turned it off', async () => {
    const lead = await app.submit({ name: 'Control Lead', email: 'control@example.com' });
    await admin.patch(`/api/admin/contacts/${lead}`).send({ assigneeId: quiet.id }).expect(200);
    await app.scanWith([lead], [lead]);
    await app.settled();
    expect(app.subjectsTo('quiet@example.com').sort()).toEqual([
      'Assigned to you: Control Lead',
      'Follow up: Control Lead',
      'New lead: Control Lead – Empower Recruiting Team',
      'Waiting for an answer: Control Lead',
    ]);

    const off = await asQuiet
      .patch('/api/auth/me')
      .send({ notifications: { newLead: 'off', assigned: false, escalations: false, followUps: false } })
      .expect(200);
    expect(off.body.notifications).toEqual({
      newLead: 'off',
      assigned: false,
      replies: 'instant',
      escalations: false,
      followUps: false,
    });
    const second = await app.submit({ name: 'Quiet Lead', email: 'quiet-lead@example.com' });
    await admin.patch(`/api/admin/contacts/${second}`).send({ assigneeId: quiet.id }).expect(200);
    await app.scanWith([second], [second]);
    await app.settled();
    // The scan did claim both: the lead is escalated and its follow-up reminded, to nobody.
    const [row] = await app.sut.dataSource.query<Array<{ escalated: boolean; reminded: boolean }>>(
      `SELECT escalated_at IS NOT NULL AS escalated, follow_up_reminded_for = follow_up_at AS reminded FROM contact_submissions WHERE id = $1`,
      [second],
    );
    expect(row).toEqual({ escalated: true, reminded: true });
    expect(app.subjectsTo('quiet@example.com')).toHaveLength(4);
  });

  it('leaves the follow-ups out of the digest of whom turned reminders off', async () => {
    await asQuiet
      .patch('/api/auth/me')
      .send({ notifications: { newLead: 'daily', followUps: false } })
      .expect(200);
    const asViewer = await signedInAs(app.sut, viewer);
    await asViewer
      .patch('/api/auth/me')
      .send({ notifications: { newLead: 'daily' } })
      .expect(200);
    const lead = await app.submit({ name: 'Planned Lead', email: 'planned@example.com' });
    // At 09:00 of their day, five hours from now (the app's own check finds them at 04:00).
    clock.now = new Date(Date.now() + 5 * 3_600_000);
    await app.sut.dataSource.query(`UPDATE contact_submissions SET follow_up_at = $2 WHERE id = $1`, [lead, clock.now]);
    await app.sut.dataSource.query(`UPDATE users SET time_zone = $1 WHERE id = ANY($2::uuid[])`, [
      zoneAtNine(clock.now),
      [quiet.id, viewer.id],
    ]);
    try {
      expect(await app.sut.app.get(DailyDigest).sendDue()).toBe(2);
    } finally {
      clock.now = undefined;
    }
    await app.settled();
    const digest = (to: string) =>
      app.smtp.received.find(({ envelopeTo, mail }) => envelopeTo.includes(to) && /^Daily digest/.test(mail.subject ?? ''));
    expect(digest('vic@example.com')?.mail.text).toContain("Today's follow-ups:");
    expect(digest('quiet@example.com')?.mail.text).toContain('Planned Lead');
    expect(digest('quiet@example.com')?.mail.text).not.toContain("Today's follow-ups:");
  });

  it('takes true and false for replies, answering them as instant and off', async () => {
    expect(
      (
        await asQuiet
          .patch('/api/auth/me')
          .send({ notifications: { replies: false } })
          .expect(200)
      ).body.notifications.replies,
    ).toBe('off');
    expect(
      (
        await asQuiet
          .patch('/api/auth/me')
          .send({ notifications: { replies: true } })
          .expect(200)
      ).body.notifications.replies,
    ).toBe('instant');
    expect(
      (
        await asQuiet
          .patch('/api/auth/me')
          .send({ notifications: { replies: 'off' } })
          .expect(200)
      ).body.notifications.replies,
    ).toBe('off');
  });
});

/** A fixed-offset zone (Etc/GMT±n) in which `at` falls between 09:00 and 10:00. */
function zoneAtNine(at: Date): string {
  const offset = 9 - at.getUTCHours();
  const wrapped = ((offset + 12 + 24) % 24) - 12;
  // Etc/GMT's sign is reversed: Etc/GMT-2 is UTC+2.
  return wrapped === 0 ? 'Etc/GMT' : `Etc/GMT${wrapped > 0 ? '-' : '+'}${Math.abs(wrapped)}`;
}

describe('notification choices: the upgrade', () => {
  it('turns `instant` new-lead choices into `mine` and keeps the others, escalations and follow-ups on', async () => {
    const databaseUrl = await createTestDatabase();
    const older = MIGRATIONS.slice(0, MIGRATIONS.indexOf(NotificationChoices1796810000000));
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: older }).initialize();
    await before.runMigrations();
    for (const [username, choice] of [
      ['ina', 'instant'],
      ['dai', 'daily'],
      ['oft', 'off'],
    ]) {
      await before.query(
        `INSERT INTO users (username, password, email, display_name, role, notify_new_lead) VALUES ($1, 'x', $2, $1, 'member', $3)`,
        [username, `${username}@example.com`, choice],
      );
    }
    await before.destroy();

    const after = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
    try {
      await after.runMigrations();
      expect(
        await after.query(
          `SELECT username, notify_new_lead AS "newLead", notify_escalations AS escalations, notify_follow_ups AS "followUps" FROM users ORDER BY username`,
        ),
      ).toEqual([
        { username: 'dai', newLead: 'daily', escalations: true, followUps: true },
        { username: 'ina', newLead: 'mine', escalations: true, followUps: true },
        { username: 'oft', newLead: 'off', escalations: true, followUps: true },
      ]);
    } finally {
      await after.destroy();
    }
  });
});
