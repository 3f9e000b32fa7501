import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
import { createAccount, type TestAccount } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { signInCookie } from './support/event-stream.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const CALCOM_SECRET = 'a cal.com webhook secret of 32+ characters';
const PUBLIC_URL = 'https://leads.example.com';

/**
 * The calendar webhooks and the handover on two API processes sharing one database, as two
 * replicas behind a load balancer run them (docs/booking.md, docs/team-and-privacy.md).
 */
describe('two API processes on one database', () => {
  let sut: TestApp;
  let smtp: SmtpReceiver;
  const apis: ApiProcess[] = [];
  let urls: string[];
  let adminCookies: string[];

  beforeAll(async () => {
    await buildApi();
    smtp = await startSmtpReceiver();
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Lead inbox <leads@example.com>',
      PUBLIC_URL,
      CALCOM_WEBHOOK_SECRET: CALCOM_SECRET,
      DELIVERY_POLL_INTERVAL_MS: '100',
      CONTACT_RATE_LIMIT: '100000',
    };
    // The in-process app only reads and seeds the database: its outbox worker sends as a third replica would.
    sut = await createTestApp({ env });
    for (let i = 0; i < 2; i += 1) apis.push(await startApiProcess({ DATABASE_URL: sut.databaseUrl, ...env }));
    urls = apis.map(({ url }) => url);
    const admin = await createAccount(sut, 'admin', { email: 'boss@example.com' });
    adminCookies = await Promise.all(
      urls.map((url) => signInCookie(url, { username: admin.username, password: admin.password })),
    );
    // Nobody takes every new lead by e-mail: a lead's e-mail is the one its owner gets.
    await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'off'`);
  }, 180_000);
  afterAll(async () => {
    for (const api of apis) await api.stop();
    await sut?.close();
    await smtp?.close();
  });

  const post = async (url: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const submit = async (url: string, overrides: Record<string, unknown>): Promise<string> => {
    const res = await post(url, '/api/contact', contactBody(overrides));
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const query = <T>(sql: string, parameters: unknown[] = []) => sut.dataSource.query<T[]>(sql, parameters);
  /** Waits until the outbox has nothing left to send (every e-mail taken by the SMTP server). */
  const outboxEmpty = () =>
    waitFor(
      'the outbox to empty',
      async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending'`))[0].n === 0,
      30_000,
    );
  const mailsTo = (address: string, since = 0): ReceivedMail[] =>
    smtp.received.slice(since).filter(({ envelopeTo }) => envelopeTo.includes(address));

  describe('a Cal.com booking webhook', () => {
    let mia: TestAccount;

    beforeAll(async () => {
      mia = await createAccount(sut, 'member', { email: 'mia@example.com' });
      await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'off' WHERE id = $1`, [mia.id]);
    });

    const booking = (triggerEvent: string, uid: string, leadId: string) => ({
      triggerEvent,
      createdAt: new Date().toISOString(),
      payload: {
        uid,
        startTime: '2030-01-15T14:00:00.000Z',
        endTime: '2030-01-15T14:30:00.000Z',
        organizer: { email: 'mia@example.com' },
        attendees: [{ email: 'someone@example.org' }],
        metadata: { leadId, videoCallUrl: 'https://app.cal.com/video/abc' },
      },
    });
    const deliver = (url: string, body: unknown) =>
      post(url, '/api/integrations/calcom', body, {
        'x-cal-signature-256': createHmac('sha256', CALCOM_SECRET).update(JSON.stringify(body)).digest('hex'),
      });
    /** A lead of Mia's, posted to the process `url`. */
    const miasLead = async (url: string, name: string) => {
      const id = await submit(url, { name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.org` });
      await query(`UPDATE contact_submissions SET assignee_id = $1 WHERE id = $2`, [mia.id, id]);
      return id;
    };
    const meetingsOf = (leadId: string) =>
      query<{ bookingId: string; status: string }>(
        `SELECT booking_id AS "bookingId", status FROM meetings WHERE submission_id = $1 ORDER BY booking_id`,
        [leadId],
      );
    const historyOf = async (leadId: string) =>
      (
        await query<{ status: string }>(
          `SELECT detail ->> 'status' AS status FROM audit_events WHERE submission_id = $1 AND action = 'meeting' ORDER BY id`,
          [leadId],
        )
      ).map((row) => row.status);
    const bookedMails = (name: string, since: number) =>
      mailsTo('mia@example.com', since).filter(({ mail }) => mail.subject?.startsWith(`Meeting booked: ${name}`));

    it('delivered to either process records the meeting once; the same delivery to both at once records one', async () => {
      const since = smtp.received.length;
      const leads = await Promise.all(Array.from({ length: 6 }, (_, i) => miasLead(urls[i % 2], `Booker ${i}`)));
      // Each booking once to one process, then to both at once, as a retrying sender would.
      const once = await Promise.all(leads.map((id, i) => deliver(urls[i % 2], booking('BOOKING_CREATED', `one-${i}`, id))));
      expect(once.map(({ status, body }) => [status, body.stored])).toEqual(leads.map(() => [202, 1]));
      for (const [i, id] of leads.entries()) {
        const twice = await Promise.all(urls.map((url) => deliver(url, booking('BOOKING_CREATED', `both-${i}`, id))));
        expect(twice.map(({ status }) => status)).toEqual([202, 202]);
        expect(twice.map(({ body }) => body.stored).sort()).toEqual([0, 1]);
      }
      await outboxEmpty();
      for (const [i, id] of leads.entries()) {
        expect(await meetingsOf(id)).toEqual([
          { bookingId: `both-${i}`, status: 'booked' },
          { bookingId: `one-${i}`, status: 'booked' },
        ]);
        expect(await historyOf(id)).toEqual(['booked', 'booked']);
        expect(bookedMails(`Booker ${i}`, since)).toHaveLength(2);
      }
    }, 60_000);

    it('a creation that comes after its cancellation, to the other process, books nothing and e-mails nobody', async () => {
      const since = smtp.received.length;
      const id = await miasLead(urls[0], 'Late Creation');
      expect((await deliver(urls[1], booking('BOOKING_CANCELLED', 'late-1', id))).body).toMatchObject({ stored: 1 });
      expect((await deliver(urls[0], booking('BOOKING_CREATED', 'late-1', id))).body).toMatchObject({ stored: 1 });
      await outboxEmpty();
      expect(await meetingsOf(id)).toEqual([{ bookingId: 'late-1', status: 'cancelled' }]);
      // The history and the assignee are not told of a meeting that does not take place.
      expect(await historyOf(id)).toEqual(['cancelled']);
      expect(bookedMails('Late Creation', since)).toEqual([]);
    }, 30_000);
  });

  describe('a handover while leads arrive on both processes', () => {
    interface Assign {
      actor: string | null;
      from: string | null;
      to: string | null;
    }
    const disable = async (api: number, who: TestAccount, handOverTo: string) => {
      const res = await fetch(`${urls[api]}/api/admin/users/${who.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: adminCookies[api] },
        body: JSON.stringify({ disabled: true, handOverTo }),
      });
      expect(res.status).toBe(200);
    };
    const assignedMails = (address: string, since: number) =>
      mailsTo(address, since).filter(({ mail }) => /assigned to you/i.test(mail.subject ?? ''));

    const setRouting = async (pool: string[], fallback: string[]) => {
      const res = await fetch(`${urls[0]}/api/admin/routing`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: adminCookies[0] },
        body: JSON.stringify({
          rules: [{ name: 'Everyone', when: [], pool, strategy: 'round-robin' }],
          fallback: fallback.length > 0 ? { pool: fallback, strategy: 'round-robin' } : null,
        }),
      });
      expect(res.status).toBe(200);
    };

    it('hands over the leads whose intake chose the teammate just before the disable, on the other process', async () => {
      const [ivy, jon] = await Promise.all(
        ['ivy', 'jon'].map((username) => createAccount(sut, 'member', { username, email: `${username}@example.com` })),
      );
      await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'off'`);
      await setRouting([ivy.id], [jon.id]);
      // A returning person: their earlier lead is Ivy's.
      const earlier = await submit(urls[0], { name: 'Early Bird', email: 'early.bird@example.org' });
      expect((await query<{ a: string }>(`SELECT assignee_id AS a FROM contact_submissions WHERE id = $1`, [earlier]))[0].a).toBe(
        ivy.id,
      );
      const since = smtp.received.length;
      // Two leads' intake statements pause once they have chosen Ivy (routing, the returning
      // owner), before their rows are written: the moment a disable on the other process used to slip in.
      await sut.dataSource.query(`
        CREATE FUNCTION slow_intake() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_sleep(1.5); RETURN NEW; END $$;
        CREATE TRIGGER slow_intake BEFORE INSERT ON contact_submissions
          FOR EACH ROW WHEN (NEW.name LIKE 'Slow %') EXECUTE FUNCTION slow_intake();`);
      try {
        const paused = (count: number) =>
          waitFor(`${count} intake statements to pause`, async () => {
            const [{ n }] = await query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep'`,
            );
            return n === count;
          });
        // One after the other, so that each is a statement of its own (the intake batches what arrives at once).
        const slow = [submit(urls[0], { name: 'Slow Routed', email: 'slow.routed@example.org' })];
        await paused(1);
        slow.push(submit(urls[0], { name: 'Slow Returning', email: 'Early.Bird+again@example.org' }));
        await paused(2);
        await disable(1, ivy, jon.id);
        const ids = await Promise.all(slow);
        const owners = await query<{ id: string; assignee: string; history: Assign[] }>(
          `SELECT s.id, s.assignee_id AS assignee,
                  jsonb_agg(jsonb_build_object('actor', a.actor, 'from', a.detail -> 'from', 'to', a.detail -> 'to') ORDER BY a.id) AS history
             FROM contact_submissions s JOIN audit_events a ON a.submission_id = s.id AND a.action = 'assign'
            WHERE s.id = ANY($1::uuid[]) GROUP BY s.id ORDER BY s.name DESC`,
          [ids],
        );
        expect(owners.map(({ assignee, history }) => ({ assignee, history: history.map(({ from, to }) => [from, to]) }))).toEqual(
          ids.map(() => ({
            assignee: jon.id,
            history: [
              [null, ivy.id],
              [ivy.id, jon.id],
            ],
          })),
        );
        await outboxEmpty();
        const toJon = assignedMails('jon@example.com', since);
        expect(toJon.map(({ mail }) => mail.subject)).toEqual(['3 leads assigned to you']);
        for (const id of [earlier, ...ids]) expect(toJon[0].mail.text).toContain(`/admin?lead=${id}`);
      } finally {
        await sut.dataSource.query(`DROP TRIGGER slow_intake ON contact_submissions; DROP FUNCTION slow_intake();`);
      }
    }, 60_000);

    it('leaves every open lead one active owner, its history naming them, and each owner the right e-mails', async () => {
      const people = await Promise.all(
        ['xena', 'yuri', 'zoe', 'walt'].map((username) =>
          createAccount(sut, 'member', { username, email: `${username}@example.com` }),
        ),
      );
      const [xena, yuri, zoe] = people;
      await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'off'`);
      const emailOf = new Map(people.map(({ id, username }) => [id, `${username}@example.com`]));
      await setRouting(
        people.map(({ id }) => id),
        [],
      );
      const since = smtp.received.length;

      // Leads keep arriving, four at a time, through both processes, until both handovers are done.
      let arriving = true;
      const posted: string[] = [];
      const flow = (async () => {
        for (let wave = 0; arriving; wave += 1)
          posted.push(
            ...(await Promise.all(
              Array.from({ length: 4 }, (_, k) =>
                submit(urls[k % 2], { name: `Flow ${wave}-${k}`, email: `flow${wave}-${k}@example.org` }),
              ),
            )),
          );
      })();
      const moreLeads = async (what: string) => {
        const before = posted.length;
        await waitFor(what, () => posted.length >= before + 20, 20_000);
      };
      await moreLeads('leads arriving');
      await disable(0, xena, yuri.id);
      await moreLeads('leads arriving after the first handover');
      await disable(1, zoe, 'routing');
      await moreLeads('leads arriving after the second handover');
      arriving = false;
      await flow;
      await outboxEmpty();

      const leads = await query<{ id: string; email: string; assignee: string | null; history: Assign[] }>(
        `SELECT s.id, s.email, s.assignee_id AS assignee,
                jsonb_agg(jsonb_build_object('actor', a.actor, 'from', a.detail -> 'from', 'to', a.detail -> 'to') ORDER BY a.id) AS history
           FROM contact_submissions s JOIN audit_events a ON a.submission_id = s.id AND a.action = 'assign'
          WHERE s.id = ANY($1::uuid[]) GROUP BY s.id`,
        [posted],
      );
      // Every lead was routed as it arrived, and its owner now is the last one its history names.
      expect(leads).toHaveLength(posted.length);
      for (const lead of leads) expect(lead.history.at(-1)?.to).toBe(lead.assignee);
      // No open lead is left with a disabled owner (or none): those that arrived while a
      // handover ran were handed over too, or routed to someone active.
      const strays = leads.filter((lead) => lead.assignee === null || lead.assignee === xena.id || lead.assignee === zoe.id);
      expect(strays.map(({ history }) => history)).toEqual([]);

      // Each lead's new-lead e-mail went to the person routing first gave it to, and only to
      // them; a lead first routed to Xena or Zoe may have lost its e-mail when they were disabled.
      const newLeadMails = smtp.received.slice(since).filter(({ mail }) => mail.subject?.startsWith('New lead'));
      for (const lead of leads) {
        const first = lead.history[0].to!;
        const mails = newLeadMails.filter(({ mail }) => mail.replyTo?.value[0].address === lead.email);
        expect(mails.flatMap(({ envelopeTo }) => envelopeTo).filter((to) => to !== emailOf.get(first))).toEqual([]);
        if (first === xena.id || first === zoe.id) expect(mails.length).toBeLessThanOrEqual(1);
        else expect(mails).toHaveLength(1);
      }

      // Each handover told each new owner once, in one e-mail listing exactly the leads it gave them.
      const handedTo = new Map<string, Array<Set<string>>>(); // owner → the leads of each handover
      const give = (handover: number, to: string, id: string) => {
        const sets = handedTo.get(to) ?? [new Set<string>(), new Set<string>()];
        sets[handover].add(id);
        handedTo.set(to, sets);
      };
      for (const lead of leads)
        for (const [index, event] of lead.history.entries()) {
          if (event.from === xena.id) give(0, event.to!, lead.id);
          if (event.from === zoe.id && event.to === null) give(1, lead.history[index + 1].to!, lead.id);
        }
      expect(handedTo.size).toBeGreaterThan(0);
      for (const [owner, handovers] of handedTo) {
        const mails = assignedMails(emailOf.get(owner)!, since);
        const lists = mails.map(({ mail }) =>
          [...(mail.text ?? '').matchAll(/\/admin\?lead=([0-9a-f-]{36})/g)].map((match) => match[1]).sort(),
        );
        const expected = handovers.filter((ids) => ids.size > 0).map((ids) => [...ids].sort());
        expect(lists.sort()).toEqual(expected.sort());
      }
      for (const gone of [xena, zoe]) expect(assignedMails(emailOf.get(gone.id)!, since)).toEqual([]);
    }, 120_000);
  });
});
