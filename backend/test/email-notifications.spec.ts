import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressObject } from 'mailparser';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { DailyDigest } from '../src/lead-emails/daily-digest.service.js';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { GREYLISTED_RECIPIENT, type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://leads.example.com';
const MAIL_FROM = 'Lead inbox <leads@example.com>';
const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((object) => object.value.map((entry) => entry.address));

/** The next instant after `from` at which it is 08:00 in `timeZone` (to the minute). */
function nextEightOClock(timeZone: string, from: Date): Date {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const start = Math.ceil(from.getTime() / 60_000) * 60_000;
  for (let minute = 0; minute <= 24 * 60; minute += 1) {
    const at = new Date(start + minute * 60_000);
    if (format.format(at) === '08:00') return at;
  }
  throw new Error(`no 08:00 in ${timeZone}`);
}

/**
 * The team's e-mails end to end: queued with their cause, sent by the delivery worker
 * through a real SMTP server (STARTTLS and AUTH), behind a TCP hop the tests can cut.
 */
describe('e-mail notifications', () => {
  let smtp: SmtpReceiver;
  let proxy: TcpProxy;
  let sut: TestApp;
  let withoutMail: TestApp;
  let now: Date | undefined;
  let member: TestAccount;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    proxy = await startTcpProxy({ host: '127.0.0.1', port: smtp.port });
    sut = await createTestApp({
      env: {
        SMTP_URL: proxy.urlFor(smtp.url),
        MAIL_FROM,
        PUBLIC_URL,
        DELIVERY_POLL_INTERVAL_MS: '250', // retries come back within a quarter second
        DELIVERY_RETRY_BASE_MS: '200',
        DELIVERY_ATTEMPT_TIMEOUT_MS: '5000',
      },
      override: (builder) => builder.overrideProvider(Clock).useValue({ now: () => now ?? new Date() }),
    });
    withoutMail = await createTestApp({ databaseUrl: sut.databaseUrl });
    member = await createAccount(sut, 'member', { email: 'mia@example.com' });
    await createAccount(sut, 'admin', { email: 'otto@example.com' });
    const viewer = await createAccount(sut, 'viewer', { email: 'vic@example.com' });
    await createAccount(sut, 'member', { email: 'gone@example.com', disabled: true });
    await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'off' WHERE id = $1`, [viewer.id]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([sut?.close(), withoutMail?.close()]);
    await proxy?.close();
    await smtp?.close();
  });

  const mailsTo = (address: string, subject?: string | RegExp) =>
    smtp.received.filter(
      ({ envelopeTo, mail }) =>
        envelopeTo.includes(address) &&
        (subject === undefined || (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject ?? ''))),
    );
  const mailTo = async (address: string, subject: string | RegExp): Promise<ReceivedMail> => {
    await waitFor(`"${String(subject)}" to ${address}`, () => mailsTo(address, subject).length > 0);
    return mailsTo(address, subject)[0];
  };
  const submit = (app: TestApp, body: Record<string, unknown>) =>
    request(app.server)
      .post('/api/contact')
      .set('X-Forwarded-For', `203.0.113.${Math.floor(Math.random() * 250)}`)
      .send(body);
  const emailsAbout = async (submissionId: string) =>
    sut.dataSource.query<Array<{ event: string; to: string }>>(
      `SELECT event, payload ->> 'to' AS "to" FROM deliveries WHERE channel = 'email' AND submission_id = $1 ORDER BY 2`,
      [submissionId],
    );

  it('sends each user whose choice is mine (the default) the unassigned new lead within seconds: headers, both parts escaped, the link to its drawer', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const started = Date.now();
    const { body } = await submit(sut, contactBody({ name, email: 'visitor@example.com', company: 'Bold & Co' })).expect(201);

    const subject = `New lead: ${name} – Empower Recruiting Team`;
    const { mail, secure, user } = await mailTo('mia@example.com', subject);
    await mailTo('otto@example.com', subject);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect({ secure, user }).toEqual({ secure: true, user: smtp.user });
    expect(addresses(mail.from)).toEqual(['leads@example.com']);
    expect(addresses(mail.to)).toEqual(['mia@example.com']);
    expect(addresses(mail.replyTo)).toEqual(['visitor@example.com']);
    const link = `${PUBLIC_URL}/admin?lead=${body.id}`;
    expect(mail.text).toContain(`Name: ${name}`);
    expect(mail.text).toContain(`Open the lead: ${link}`);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Bold &amp; Co');
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.html).toContain(`href="${link}"`);
    // Not to the viewer who chose `off`, nor the disabled account, nor the admin without an address.
    expect(await emailsAbout(body.id)).toEqual([
      { event: 'new-lead', to: 'mia@example.com' },
      { event: 'new-lead', to: 'otto@example.com' },
    ]);
  });

  it('sends nothing for the honeypot, and queues nothing while e-mail is off', async () => {
    await submit(sut, contactBody({ name: 'Bot', website: 'https://spam.example' })).expect(201);
    const off = await submit(withoutMail, contactBody({ name: 'Quiet Lead' })).expect(201);
    const after = await submit(sut, contactBody({ name: 'After The Bot' })).expect(201);

    await mailTo('mia@example.com', 'New lead: After The Bot – Empower Recruiting Team');
    const subjects = mailsTo('mia@example.com').map((received) => received.mail.subject);
    expect(subjects).not.toContain('New lead: Bot – Empower Recruiting Team');
    expect(subjects).not.toContain('New lead: Quiet Lead – Empower Recruiting Team');
    expect(await emailsAbout(off.body.id)).toEqual([]);
    expect(await emailsAbout(after.body.id)).toHaveLength(2);
  });

  it('answers 201 at once while SMTP is down, and the e-mail goes out when it is back', async () => {
    await proxy.stop();
    try {
      const started = Date.now();
      await submit(sut, contactBody({ name: 'Down Time' })).expect(201);
      expect(Date.now() - started).toBeLessThan(2_000);
      await waitFor('a failed attempt', async () => {
        const [row] = await sut.dataSource.query<Array<{ lastError: string | null }>>(
          `SELECT last_error AS "lastError" FROM deliveries WHERE payload ->> 'subject' LIKE 'New lead: Down Time%' AND attempts > 0 LIMIT 1`,
        );
        return row?.lastError?.includes('ECONNREFUSED') ?? false;
      });
    } finally {
      await proxy.start();
    }
    await mailTo('mia@example.com', 'New lead: Down Time – Empower Recruiting Team');
  });

  it('stops the e-mail of an account as it is disabled, also the e-mails already waiting', async () => {
    const dora = await createAccount(sut, 'member', { email: 'dora@example.com' });
    await proxy.stop();
    try {
      await submit(sut, contactBody({ name: 'Before Disable' })).expect(201);
      await (await signedInAgent(sut)).patch(`/api/admin/users/${dora.id}`).send({ disabled: true }).expect(200);
    } finally {
      await proxy.start();
    }
    await submit(sut, contactBody({ name: 'After Disable' })).expect(201);

    await mailTo('otto@example.com', 'New lead: Before Disable – Empower Recruiting Team');
    await mailTo('otto@example.com', 'New lead: After Disable – Empower Recruiting Team');
    const toDora = await sut.dataSource.query<Array<{ status: string; lastError: string }>>(
      `SELECT status, last_error AS "lastError" FROM deliveries WHERE payload ->> 'to' = 'dora@example.com'`,
    );
    expect(toDora).toEqual([{ status: 'failed', lastError: 'not sent: the account was disabled' }]);
    expect(mailsTo('dora@example.com')).toEqual([]);
  });

  it('tries a 4xx again and delivers; the assignee hears of a lead only when someone else assigned it', async () => {
    const greylisted = await createAccount(sut, 'member', { email: GREYLISTED_RECIPIENT });
    const quiet = await createAccount(sut, 'member', { email: 'quiet@example.com' });
    await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'off' WHERE id = ANY($1)`, [[greylisted.id, quiet.id]]);
    await sut.dataSource.query(`UPDATE users SET notify_assigned = false WHERE id = $1`, [quiet.id]);
    const { body: lead } = await submit(sut, contactBody({ name: 'Grace <Hopper>' })).expect(201);
    const admin = await signedInAgent(sut);

    await admin.patch(`/api/admin/contacts/${lead.id}`).send({ assigneeId: greylisted.id }).expect(200);
    await admin.patch(`/api/admin/contacts/${lead.id}`).send({ assigneeId: quiet.id }).expect(200);
    await (await signedInAs(sut, member)).patch(`/api/admin/contacts/${lead.id}`).send({ assigneeId: member.id }).expect(200);

    const { mail } = await mailTo(GREYLISTED_RECIPIENT, 'Assigned to you: Grace <Hopper>');
    expect(mail.text).toContain(`${PUBLIC_URL}/admin?lead=${lead.id}`);
    expect(mail.html).toContain('Grace &lt;Hopper&gt;');
    const assigned = async () =>
      (
        await sut.dataSource.query<Array<{ status: string; attempts: number }>>(
          `SELECT status, attempts FROM deliveries WHERE event = 'assigned' AND payload ->> 'to' = $1`,
          [GREYLISTED_RECIPIENT],
        )
      )[0];
    await waitFor('the delivery recorded', async () => (await assigned()).status !== 'pending');
    expect(await assigned()).toEqual({ status: 'delivered', attempts: 2 });
    // Queued with the assignment or not at all: the quiet one opted out, the member assigned themself.
    expect((await emailsAbout(lead.id)).filter((email) => email.event === 'assigned')).toEqual([
      { event: 'assigned', to: GREYLISTED_RECIPIENT },
    ]);
  });

  it('e-mails an invitation with its link from PUBLIC_URL, which the answer still carries, and keeps no token once sent', async () => {
    const admin = await signedInAgent(sut);
    const { body } = await admin
      .post('/api/admin/invitations')
      // A stranger's Host, Origin and forwarding headers name no part of the link.
      .set('Host', 'evil.example:8090')
      .set('Origin', 'http://evil.example:8090')
      .set('X-Forwarded-Host', 'evil.example')
      .send({ email: 'New.Hire@example.com', role: 'member' })
      .expect(201);

    expect(body.inviteUrl).toMatch(new RegExp(`^${PUBLIC_URL}/admin/invite#[^#]+$`));
    const { mail } = await mailTo('new.hire@example.com', 'You are invited to the lead inbox');
    expect(mail.text).toContain(`Accept the invitation: ${body.inviteUrl}`);
    expect(mail.html).toContain(`href="${body.inviteUrl}"`);
    const secret = new URL(body.inviteUrl).hash.split('.')[1];
    await waitFor('the invitation to be recorded as sent', async () => {
      const [row] = await sut.dataSource.query(`SELECT status FROM deliveries WHERE event = 'invitation'`);
      return row?.status === 'delivered';
    });
    expect(JSON.stringify(await sut.dataSource.query(`SELECT * FROM deliveries`))).not.toContain(secret);
  });

  it("writes until when an invitation's link works in the inviter's time zone, named, as the invited has none yet", async () => {
    const inviter = await createAccount(sut, 'admin', { email: 'ines@example.com' });
    await sut.dataSource.query(`UPDATE users SET time_zone = 'Asia/Tokyo' WHERE id = $1`, [inviter.id]);
    const admin = await signedInAs(sut, inviter);
    const { body } = await admin
      .post('/api/admin/invitations')
      .send({ email: 'far.hire@example.com', role: 'viewer' })
      .expect(201);

    const { mail } = await mailTo('far.hire@example.com', 'You are invited to the lead inbox');
    // Tokyo is 9 hours ahead of UTC all year; en-GB has no short name for its zone.
    const tokyo = new Date(new Date(body.expiresAt).getTime() + 9 * 3_600_000);
    const clock = `${String(tokyo.getUTCHours()).padStart(2, '0')}:${String(tokyo.getUTCMinutes()).padStart(2, '0')}`;
    expect(mail.text).toMatch(
      new RegExp(
        `The link works once, until \\w{3}, ${tokyo.getUTCDate()} \\w{3} \\d{4}, ${clock} GMT\\+9 \\(time in Asia/Tokyo\\)\\.`,
      ),
    );
  });

  describe('the daily digest', () => {
    const digestsTo = async (address: string) =>
      (
        await sut.dataSource.query<unknown[]>(`SELECT id FROM deliveries WHERE event = 'digest' AND payload ->> 'to' = $1`, [
          address,
        ])
      ).length;

    it.each(['Pacific/Auckland', 'America/Los_Angeles'])(
      'comes at 08:00 in %s, once however many replicas look',
      async (timeZone) => {
        const address = `digest-${timeZone.split('/')[1].toLowerCase()}@example.com`;
        const reader = await createAccount(sut, 'viewer', { email: address });
        await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'daily', time_zone = $2 WHERE id = $1`, [
          reader.id,
          timeZone,
        ]);
        const { body: lead } = await submit(sut, contactBody({ name: `Lead for ${timeZone}`, company: 'Acme' })).expect(201);
        const eight = nextEightOClock(timeZone, new Date());
        const digest = sut.app.get(DailyDigest);

        now = new Date(eight.getTime() - 60_000);
        await digest.sendDue();
        expect(await digestsTo(address)).toBe(0); // 07:59: not yet

        now = eight;
        await Promise.all([digest.sendDue(), digest.sendDue(), digest.sendDue()]);
        const { mail } = await mailTo(address, /^Daily digest: \d+ new leads?$/);
        expect(mail.text).toContain(
          `Lead for ${timeZone} – Acme – Empower Recruiting Team\n  ${PUBLIC_URL}/admin?lead=${lead.id}`,
        );
        expect(mail.text).toMatch(/- Empower Recruiting Team: \d+/);
        expect(mail.text).toMatch(/\n0 submissions were held as spam\. https:\/\/\S+\/admin\?status=spam\n/);
        expect(mail.html).toContain(`href="${PUBLIC_URL}/admin?lead=${lead.id}"`);

        now = new Date(eight.getTime() + 60 * 60_000);
        await digest.sendDue();
        expect(await digestsTo(address)).toBe(1);
        now = undefined;
        // Erasing a lead erases the digests that name it.
        await (await signedInAgent(sut)).delete(`/api/admin/contacts/${lead.id}`).expect(204);
        expect(await digestsTo(address)).toBe(0);
      },
    );

    it('leaves out the leads a teammate marked as spam, from the counts and from the list', async () => {
      const address = 'digest-tokyo@example.com';
      const reader = await createAccount(sut, 'viewer', { email: address });
      await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'daily', time_zone = 'Asia/Tokyo' WHERE id = $1`, [
        reader.id,
      ]);
      const { body: kept } = await submit(sut, contactBody({ name: 'Kept Lead', interest: 'partnership' })).expect(201);
      const { body: junk } = await submit(sut, contactBody({ name: 'Marked Junk', interest: 'partnership' })).expect(201);
      await (await signedInAs(sut, member)).patch(`/api/admin/contacts/${junk.id}`).send({ status: 'spam' }).expect(200);
      now = nextEightOClock('Asia/Tokyo', new Date());
      const [{ clean, partnership }] = await sut.dataSource.query<Array<{ clean: number; partnership: number }>>(
        `SELECT count(*)::int AS clean, (count(*) FILTER (WHERE interest = 'partnership'))::int AS partnership
           FROM contact_submissions WHERE submitted_at > $1::timestamptz - interval '24 hours' AND status <> 'spam'`,
        [now],
      );

      await sut.app.get(DailyDigest).sendDue();

      now = undefined;
      const { mail } = await mailTo(address, /^Daily digest: /);
      expect(mail.subject).toBe(`Daily digest: ${clean} new ${clean === 1 ? 'lead' : 'leads'}`);
      expect(mail.text).toContain(`- Partnership Opportunities: ${partnership}`);
      expect(mail.text).toContain(`${PUBLIC_URL}/admin?lead=${kept.id}`);
      expect(mail.text).not.toContain('Marked Junk');
      expect(mail.html).not.toContain(junk.id);
    });

    it('sends none on a day without leads', async () => {
      const reader = await createAccount(sut, 'viewer', { email: 'no-news@example.com' });
      await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'daily', time_zone = 'UTC' WHERE id = $1`, [reader.id]);
      now = nextEightOClock('UTC', new Date(Date.now() - 3 * 24 * 60 * 60_000));

      await sut.app.get(DailyDigest).sendDue();

      now = undefined;
      const [run] = await sut.dataSource.query<Array<{ leads: number }>>(`SELECT leads FROM digest_runs WHERE user_id = $1`, [
        reader.id,
      ]);
      expect(run).toEqual({ leads: 0 });
      expect(await digestsTo('no-news@example.com')).toBe(0);
    });
  });
});
