import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { type EventStreamClient, openEventStream, signInCookie } from './support/event-stream.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const CALCOM_SECRET = 'a cal.com webhook secret of 32+ characters';
const CALENDLY_KEY = 'a calendly signing key of 32+ characters';
const BOOKING_RULE = 'must be an https: URL (at most 2048 characters) or null';
// A name a stranger typed: every character that would break a query string, and markup.
const HOSTILE_NAME = 'Ann & <b>Bob</b> #1 =x?y/z %41';

type Agent = ReturnType<typeof request.agent>;

/** Booking links, and the Cal.com and Calendly bookings that come back (docs/booking.md). */
describe('booking', () => {
  let smtp: SmtpReceiver;
  let receiver: WebhookReceiver;
  let sut: TestApp;
  let unset: TestApp;
  let admin: Agent;
  let member: TestAccount;
  let asMember: Agent;
  let stream: EventStreamClient;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    receiver = await WebhookReceiver.start();
    const env = {
      MAIL_FROM: 'Lead inbox <leads@example.com>',
      PUBLIC_URL: 'https://leads.example.com',
      CONTACT_RATE_LIMIT: '1000',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    };
    sut = await createTestApp({
      env: { ...env, SMTP_URL: smtp.url, CALCOM_WEBHOOK_SECRET: CALCOM_SECRET, CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY },
    });
    unset = await createTestApp({ databaseUrl: sut.databaseUrl, env: { CONTACT_RATE_LIMIT: '1000' } });
    admin = await signedInAgent(sut);
    member = await createAccount(sut, 'member', { email: 'mia@example.com' });
    asMember = await signedInAs(sut, member);
    await asMember.patch('/api/auth/me').send({ timeZone: 'Europe/Paris' }).expect(200);
    await admin
      .post('/api/admin/webhooks')
      .send({ url: receiver.url, events: ['lead.updated'] })
      .expect(201);
    sut.server.listen(0, '127.0.0.1');
    await once(sut.server, 'listening');
    const baseUrl = `http://127.0.0.1:${(sut.server.address() as AddressInfo).port}`;
    stream = await openEventStream(`${baseUrl}/api/admin/events`, await signInCookie(baseUrl));
  }, 60_000);
  afterAll(async () => {
    stream?.close();
    await Promise.all([sut?.close(), unset?.close()]);
    await Promise.all([smtp?.close(), receiver?.stop()]);
  });

  const submit = async (overrides: Record<string, unknown> = {}, app = sut) =>
    (await request(app.server).post('/api/contact').send(contactBody(overrides)).expect(201)).body as {
      id: string;
      booking: { url: string } | null;
    };
  const setTeamLink = (defaultUrl: string | null, provider: string) =>
    admin.put('/api/admin/settings/booking').send({ defaultUrl, provider }).expect(200);
  const assign = (leadId: string, userId: string) =>
    sut.dataSource.query('UPDATE contact_submissions SET assignee_id = $1 WHERE id = $2', [userId, leadId]);
  const count = async (sql: string, parameters: unknown[] = []) =>
    (await sut.dataSource.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM (${sql}) AS t`, parameters))[0].n;
  const detail = async (id: string) => (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;
  const meetingHistory = async (id: string) =>
    ((await detail(id)).history as Array<{ action: string; detail: Record<string, unknown> }>).filter(
      (entry) => entry.action === 'meeting',
    );
  const meetingMails = (leadId: string) =>
    count(`SELECT 1 FROM deliveries WHERE event = 'meeting-booked' AND submission_id = $1`, [leadId]);

  const calcomPost = (body: unknown, signature?: string, app = sut) => {
    const raw = JSON.stringify(body);
    const req = request(app.server).post('/api/integrations/calcom').set('Content-Type', 'application/json');
    if (signature !== undefined) req.set('X-Cal-Signature-256', signature);
    return req.send(raw);
  };
  const calcomSigned = (body: unknown) =>
    calcomPost(body, createHmac('sha256', CALCOM_SECRET).update(JSON.stringify(body)).digest('hex'));
  const calendlyPost = (body: unknown, header?: string, app = sut) => {
    const req = request(app.server).post('/api/integrations/calendly').set('Content-Type', 'application/json');
    if (header !== undefined) req.set('Calendly-Webhook-Signature', header);
    return req.send(JSON.stringify(body));
  };
  const calendlySignature = (body: unknown, t = Math.floor(Date.now() / 1000), key = CALENDLY_KEY) =>
    `t=${t},v1=${createHmac('sha256', key)
      .update(`${t}.${JSON.stringify(body)}`)
      .digest('hex')}`;
  const calendlySigned = (body: unknown) => calendlyPost(body, calendlySignature(body));

  const calcomBooking = (
    triggerEvent: string,
    uid: string,
    options: { leadId?: string; email?: string; start?: string; end?: string; rescheduleUid?: string } = {},
  ) => ({
    triggerEvent,
    createdAt: new Date().toISOString(),
    payload: {
      uid,
      title: 'Intro call',
      startTime: options.start ?? '2030-01-15T14:00:00.000Z',
      endTime: options.end ?? '2030-01-15T14:30:00.000Z',
      location: 'integrations:daily',
      organizer: { email: 'mia@example.com', name: 'Mia', timeZone: 'Europe/Paris' },
      attendees: [{ email: options.email ?? 'someone@example.com', name: 'Ada', timeZone: 'UTC' }],
      metadata: { videoCallUrl: 'https://app.cal.com/video/abc', ...(options.leadId ? { leadId: options.leadId } : {}) },
      ...(options.rescheduleUid ? { rescheduleUid: options.rescheduleUid } : {}),
    },
  });
  const calendlyInvitee = (
    event: string,
    uri: string,
    options: { email: string; leadId?: string; rescheduled?: boolean; oldInvitee?: string; start?: string },
  ) => ({
    event,
    created_at: new Date().toISOString(),
    payload: {
      uri,
      email: options.email,
      name: 'Grace Hopper',
      status: event === 'invitee.created' ? 'active' : 'canceled',
      rescheduled: options.rescheduled ?? false,
      old_invitee: options.oldInvitee ?? null,
      tracking: { utm_content: options.leadId ?? null },
      scheduled_event: {
        uri: 'https://api.calendly.com/scheduled_events/EV1',
        start_time: options.start ?? '2030-02-01T09:00:00.000000Z',
        end_time: '2030-02-01T09:30:00.000000Z',
        location: { type: 'zoom', join_url: 'https://zoom.example/j/1' },
        event_memberships: [{ user: 'https://api.calendly.com/users/U1', user_email: 'mia@example.com' }],
      },
    },
  });

  describe('links', () => {
    it("takes an account's https link or null, and refuses anything else naming the rule", async () => {
      for (const bookingUrl of ['http://cal.com/mia', 'javascript:alert(1)', 'cal.com/mia', 'https://u:p@cal.com/mia', 42, '']) {
        const res = await asMember.patch('/api/auth/me').send({ bookingUrl }).expect(400);
        expect(res.body.message).toEqual([`bookingUrl ${BOOKING_RULE}`]);
      }
      const me = await asMember.patch('/api/auth/me').send({ bookingUrl: 'https://cal.com/mia/intro' }).expect(200);
      expect(me.body.bookingUrl).toBe('https://cal.com/mia/intro');
      expect((await asMember.get('/api/auth/me').expect(200)).body.bookingUrl).toBe('https://cal.com/mia/intro');
      await asMember.patch('/api/auth/me').send({ bookingUrl: null }).expect(200);
      expect((await asMember.get('/api/auth/me').expect(200)).body.bookingUrl).toBeNull();
    });

    it("lets only an admin read and set the team's link and tool, each rule named", async () => {
      expect((await admin.get('/api/admin/settings/booking').expect(200)).body).toEqual({ defaultUrl: null, provider: 'other' });
      await asMember.get('/api/admin/settings/booking').expect(403);
      await asMember.put('/api/admin/settings/booking').send({ defaultUrl: null, provider: 'other' }).expect(403);
      const refused = await admin
        .put('/api/admin/settings/booking')
        .send({ defaultUrl: 'ftp://x.example', provider: 'zoom' })
        .expect(400);
      expect(refused.body.message).toEqual([`defaultUrl ${BOOKING_RULE}`, 'provider must be one of calcom, calendly, other']);
      await setTeamLink('https://calendly.com/team/intro?month=2030-01', 'calendly');
      expect((await admin.get('/api/admin/settings/booking').expect(200)).body).toEqual({
        defaultUrl: 'https://calendly.com/team/intro?month=2030-01',
        provider: 'calendly',
      });
      await setTeamLink(null, 'other');
    });
  });

  describe("the form's answer", () => {
    it("is null without a link, the team's link with the visitor's parameters encoded, then the assignee's", async () => {
      expect((await submit({ email: 'nolink@example.com' })).booking).toBeNull();

      await setTeamLink('https://calendly.com/team/intro?month=2030-01', 'calendly');
      const first = await submit({ name: HOSTILE_NAME, email: 'ann+x@example.com' });
      const team = new URL(first.booking!.url);
      expect(team.origin + team.pathname).toBe('https://calendly.com/team/intro');
      expect(team.searchParams.get('month')).toBe('2030-01');
      expect(team.searchParams.get('name')).toBe(HOSTILE_NAME);
      expect(team.searchParams.get('email')).toBe('ann+x@example.com');
      expect(team.searchParams.get('utm_content')).toBe(first.id);
      // Encoded, not merely parsed back: nothing of the name is markup or a second parameter.
      expect(first.booking!.url).not.toMatch(/[<>\s]|&b|#1/);
      expect([...team.searchParams.keys()]).toEqual(['month', 'name', 'email', 'utm_content']);

      // A returning lead arrives with its owner: the owner's own link, with Cal.com's parameter.
      await setTeamLink('https://cal.com/team/intro', 'calcom');
      await assign(first.id, member.id);
      await asMember.patch('/api/auth/me').send({ bookingUrl: 'https://cal.com/mia/intro' }).expect(200);
      const again = await submit({ name: 'Ann Again', email: 'ANN@example.com' });
      const mine = new URL(again.booking!.url);
      expect(mine.origin + mine.pathname).toBe('https://cal.com/mia/intro');
      expect(mine.searchParams.get('metadata[leadId]')).toBe(again.id);
      expect(mine.searchParams.get('name')).toBe('Ann Again');
      expect(again.booking!.url).toContain('metadata%5BleadId%5D=');
      // An owner without a link of their own: the team's.
      await asMember.patch('/api/auth/me').send({ bookingUrl: null }).expect(200);
      expect(new URL((await submit({ email: 'ann@example.com' })).booking!.url).pathname).toBe('/team/intro');
    });

    it('answers a retry with the same link, and a bot caught by the honeypot with none', async () => {
      const key = 'booking-retry-0001';
      const body = contactBody({ email: 'retry@example.com' });
      const first = await request(sut.server).post('/api/contact').set('Idempotency-Key', key).send(body).expect(201);
      const retry = await request(sut.server).post('/api/contact').set('Idempotency-Key', key).send(body).expect(201);
      expect(first.body.booking.url).toContain(first.body.id);
      expect(retry.body).toEqual(first.body);

      const bot = await submit({ email: 'bot@example.com', website: 'https://spam.example' });
      expect(bot.booking).toBeNull();
    });

    it('puts the link in the auto-reply ({bookingUrl}), and a reply template takes {{me.bookingUrl}}', async () => {
      await admin
        .put('/api/admin/settings/auto-reply')
        .send({ enabled: true, subject: 'Thanks', body: 'Hi {name},\n\nBook a call: {bookingUrl}\n' })
        .expect(200);
      const lead = await submit({ name: 'Bea Booker', email: 'bea@example.com' });
      await waitFor('the auto-reply', () => smtp.received.some((mail) => mail.envelopeTo.includes('bea@example.com')));
      const mail = smtp.received.find((received) => received.envelopeTo.includes('bea@example.com'))!.mail;
      expect(mail.text).toContain(`Book a call: ${lead.booking!.url}`);
      expect(mail.html).toContain(`href="${lead.booking!.url.replaceAll('&', '&amp;')}"`);
      await admin
        .put('/api/admin/settings/auto-reply')
        .send({ enabled: false, subject: 'Thanks', body: 'Hi {name}' })
        .expect(200);

      const refused = await admin
        .post('/api/admin/reply-templates')
        .send({ name: 'Bad', body: 'See {{me.calendar}}' })
        .expect(400);
      expect(refused.body.message).toEqual(['body has an unknown variable {{me.calendar}}']);
      const template = (
        await admin.post('/api/admin/reply-templates').send({ name: 'Book', body: 'Pick a time: {{me.bookingUrl}}' }).expect(201)
      ).body;
      await admin.patch('/api/auth/me').send({ bookingUrl: 'https://cal.com/admin/30' }).expect(200);
      const rendered = (
        await admin.post(`/api/admin/reply-templates/${template.id}/render`).send({ leadId: lead.id }).expect(200)
      ).body;
      const url = new URL(rendered.body.replace('Pick a time: ', ''));
      expect(url.origin + url.pathname).toBe('https://cal.com/admin/30');
      expect(url.searchParams.get('metadata[leadId]')).toBe(lead.id);
      expect(url.searchParams.get('name')).toBe('Bea Booker');
      await admin.patch('/api/auth/me').send({ bookingUrl: null }).expect(200);
    });
  });

  describe('Cal.com', () => {
    it('refuses a missing or wrong signature with 401 and stores nothing; a good one books the meeting once', async () => {
      const lead = await submit({ name: 'Cal Lead', email: 'cal.lead@example.com' });
      await assign(lead.id, member.id);
      const booked = calcomBooking('BOOKING_CREATED', 'cal-uid-1', { leadId: lead.id });

      await calcomPost(booked).expect(401);
      await calcomPost(booked, 'ab'.repeat(32)).expect(401);
      // Signed with another secret, or over another body.
      await calcomPost(booked, createHmac('sha256', 'another secret').update(JSON.stringify(booked)).digest('hex')).expect(401);
      await calcomPost(
        { ...booked, triggerEvent: 'BOOKING_CANCELLED' },
        createHmac('sha256', CALCOM_SECRET).update(JSON.stringify(booked)).digest('hex'),
      ).expect(401);
      expect(await count('SELECT 1 FROM meetings')).toBe(0);

      const updatesBefore = receiver.received.filter((hook) => hook.json.type === 'lead.updated').length;
      expect((await calcomSigned(booked).expect(202)).body).toEqual({ stored: 1, leadId: lead.id });
      const { meetings, nextMeetingAt } = await detail(lead.id);
      expect(meetings).toEqual([
        {
          id: expect.any(String),
          provider: 'calcom',
          start: '2030-01-15T14:00:00.000Z',
          end: '2030-01-15T14:30:00.000Z',
          status: 'booked',
          location: 'https://app.cal.com/video/abc',
          organizerEmail: 'mia@example.com',
        },
      ]);
      expect(nextMeetingAt).toBe('2030-01-15T14:00:00.000Z');
      expect(await meetingHistory(lead.id)).toEqual([
        expect.objectContaining({ detail: expect.objectContaining({ status: 'booked', start: '2030-01-15T14:00:00.000Z' }) }),
      ]);
      // The assignee's e-mail, the time in their zone (Europe/Paris).
      const subject = 'Meeting booked: Cal Lead – Tue, 15 Jan 2030, 15:00 CET';
      await waitFor('the meeting e-mail', () => smtp.received.some((mail) => mail.mail.subject === subject));
      expect(smtp.received.find((mail) => mail.mail.subject === subject)!.envelopeTo).toEqual(['mia@example.com']);
      // Live and to the webhooks.
      await stream.next(
        'lead.updated',
        (message) => message.event === 'lead.updated' && message.data === JSON.stringify({ id: lead.id }),
      );
      await waitFor('lead.updated webhook', () =>
        receiver.received.some((hook) => hook.json.type === 'lead.updated' && hook.json.data?.id === lead.id),
      );
      const hook = receiver.received.find(
        (received) => received.json.type === 'lead.updated' && received.json.data?.id === lead.id,
      )!;
      expect((hook.json.data as { meetings?: unknown[] }).meetings).toHaveLength(1);

      // The same event again: nothing changes.
      expect((await calcomSigned(booked).expect(202)).body).toEqual({ stored: 0 });
      expect((await detail(lead.id)).meetings).toHaveLength(1);
      expect(await meetingHistory(lead.id)).toHaveLength(1);
      expect(await meetingMails(lead.id)).toBe(1);
      expect(receiver.received.filter((received) => received.json.type === 'lead.updated').length).toBe(updatesBefore + 1);
    });

    it('moves a rescheduled meeting, and marks a cancelled one', async () => {
      const lead = await submit({ name: 'Res Lead', email: 'res.lead@example.com' });
      await calcomSigned(calcomBooking('BOOKING_CREATED', 'cal-uid-2', { leadId: lead.id })).expect(202);
      const moved = calcomBooking('BOOKING_RESCHEDULED', 'cal-uid-3', {
        leadId: lead.id,
        rescheduleUid: 'cal-uid-2',
        start: '2030-01-20T10:00:00.000Z',
        end: '2030-01-20T10:30:00.000Z',
      });
      expect((await calcomSigned(moved).expect(202)).body.stored).toBe(1);
      let { meetings, nextMeetingAt } = await detail(lead.id);
      expect(meetings.map((m: { start: string; status: string }) => [m.start, m.status])).toEqual([
        ['2030-01-20T10:00:00.000Z', 'booked'],
        ['2030-01-15T14:00:00.000Z', 'cancelled'],
      ]);
      expect(nextMeetingAt).toBe('2030-01-20T10:00:00.000Z');

      const cancelled = calcomBooking('BOOKING_CANCELLED', 'cal-uid-3', {
        leadId: lead.id,
        start: '2030-01-20T10:00:00.000Z',
        end: '2030-01-20T10:30:00.000Z',
      });
      expect((await calcomSigned(cancelled).expect(202)).body.stored).toBe(1);
      expect((await calcomSigned(cancelled).expect(202)).body.stored).toBe(0);
      ({ meetings, nextMeetingAt } = await detail(lead.id));
      expect(meetings.map((m: { status: string }) => m.status)).toEqual(['cancelled', 'cancelled']);
      expect(nextMeetingAt).toBeNull();
      expect((await meetingHistory(lead.id)).map((entry) => entry.detail.status)).toEqual(['cancelled', 'booked', 'booked']);
    });

    it("matches by the attendee's canonical e-mail (the most recent lead) when no id came back", async () => {
      const older = await submit({ email: 'dora.e@example.com' });
      const newer = await submit({ email: 'Dora.E@example.com' });
      const res = await calcomSigned(calcomBooking('BOOKING_CREATED', 'cal-uid-4', { email: 'dora.e+cal@EXAMPLE.com' })).expect(
        202,
      );
      expect(res.body).toEqual({ stored: 1, leadId: newer.id });
      expect((await detail(older.id)).meetings).toEqual([]);
    });

    it('answers 202 and stores nothing for an unknown attendee, an erased lead or another trigger; 404 without a secret', async () => {
      const before = await count('SELECT 1 FROM meetings');
      const unknown = calcomBooking('BOOKING_CREATED', 'cal-uid-5', { email: 'nobody-known@example.com' });
      expect((await calcomSigned(unknown).expect(202)).body).toEqual({ stored: 0 });
      const erased = await submit({ email: 'erased.person@example.com' });
      await admin.delete(`/api/admin/contacts/${erased.id}`).expect(204);
      const late = calcomBooking('BOOKING_CREATED', 'cal-uid-6', { leadId: erased.id, email: 'erased.person@example.com' });
      expect((await calcomSigned(late).expect(202)).body).toEqual({ stored: 0 });
      expect((await calcomSigned({ triggerEvent: 'MEETING_ENDED', payload: {} }).expect(202)).body).toEqual({ stored: 0 });
      expect(await count('SELECT 1 FROM meetings')).toBe(before);
      expect(await count('SELECT 1 FROM booking_events WHERE booking_id IN ($1, $2)', ['cal-uid-5', 'cal-uid-6'])).toBe(0);

      const body = calcomBooking('BOOKING_CREATED', 'cal-uid-7', { email: 'cal.lead@example.com' });
      await calcomPost(body, createHmac('sha256', CALCOM_SECRET).update(JSON.stringify(body)).digest('hex'), unset).expect(404);
      await calendlyPost(body, calendlySignature(body), unset).expect(404);
    });
  });

  it('gives a lead held as spam no link, and takes no booking for it', async () => {
    // The spam score on (another replica on the same database): this one is held.
    const scored = await createTestApp({ databaseUrl: sut.databaseUrl, env: { SPAM_FILTER: 'on', CONTACT_RATE_LIMIT: '1000' } });
    try {
      const spam = {
        name: 'Cheap Viagra',
        email: 'sales@pharma.example',
        comments: 'Buy viagra and cialis online, no prescription: https://pharma.example https://pharma.example/order',
      };
      const held = await submit(spam, scored);
      expect((await detail(held.id)).heldAsSpam).toBe(true);
      expect(held.booking).toBeNull();
      const booked = calcomBooking('BOOKING_CREATED', 'cal-held-1', { leadId: held.id });
      expect((await calcomSigned(booked).expect(202)).body).toEqual({ stored: 0 });
      expect((await detail(held.id)).meetings).toEqual([]);
    } finally {
      await scored.close();
    }
  });

  describe('Calendly', () => {
    it('refuses a missing, wrong or stale signature with 401; books by id, once; a cancel marks it', async () => {
      const lead = await submit({ name: 'Grace Hopper', email: 'grace@example.com' });
      const created = calendlyInvitee('invitee.created', 'https://api.calendly.com/scheduled_events/EV1/invitees/I1', {
        email: 'someone.else@example.com',
        leadId: lead.id,
      });
      await calendlyPost(created).expect(401);
      await calendlyPost(created, 't=1,v1=zz').expect(401);
      await calendlyPost(created, calendlySignature(created, undefined, 'a wrong key of 32 or more characters')).expect(401);
      const stale = Math.floor(Date.now() / 1000) - 181;
      await calendlyPost(created, calendlySignature(created, stale)).expect(401);
      expect((await detail(lead.id)).meetings).toEqual([]);

      // Two and a half minutes old is still fresh.
      await calendlyPost(created, calendlySignature(created, Math.floor(Date.now() / 1000) - 150)).expect(202);
      expect((await calendlySigned(created).expect(202)).body).toEqual({ stored: 0 });
      const [meeting] = (await detail(lead.id)).meetings;
      expect(meeting).toMatchObject({
        provider: 'calendly',
        start: '2030-02-01T09:00:00.000Z',
        status: 'booked',
        location: 'https://zoom.example/j/1',
        organizerEmail: 'mia@example.com',
      });
      expect(await meetingHistory(lead.id)).toHaveLength(1);

      const canceled = calendlyInvitee('invitee.canceled', 'https://api.calendly.com/scheduled_events/EV1/invitees/I1', {
        email: 'someone.else@example.com',
        leadId: lead.id,
      });
      expect((await calendlySigned(canceled).expect(202)).body).toEqual({ stored: 1, leadId: lead.id });
      expect((await detail(lead.id)).meetings.map((m: { status: string }) => m.status)).toEqual(['cancelled']);
      expect((await meetingHistory(lead.id)).map((entry) => entry.detail.status)).toEqual(['cancelled', 'booked']);
    });

    it('takes a reschedule (the old invitee cancelled without an entry of its own) and matches by e-mail', async () => {
      const lead = await submit({ email: 'henry@example.com' });
      const first = 'https://api.calendly.com/scheduled_events/EV2/invitees/I2';
      const second = 'https://api.calendly.com/scheduled_events/EV3/invitees/I3';
      await calendlySigned(calendlyInvitee('invitee.created', first, { email: 'Henry+cal@example.com' })).expect(202);
      await calendlySigned(calendlyInvitee('invitee.canceled', first, { email: 'henry@example.com', rescheduled: true })).expect(
        202,
      );
      const moved = calendlyInvitee('invitee.created', second, {
        email: 'henry@example.com',
        oldInvitee: first,
        start: '2030-03-01T09:00:00.000000Z',
      });
      expect((await calendlySigned(moved).expect(202)).body).toEqual({ stored: 1, leadId: lead.id });
      const { meetings, nextMeetingAt } = await detail(lead.id);
      expect(meetings.map((m: { status: string }) => m.status)).toEqual(['booked', 'cancelled']);
      expect(nextMeetingAt).toBe('2030-03-01T09:00:00.000Z');
      expect((await meetingHistory(lead.id)).map((entry) => entry.detail.status)).toEqual(['booked', 'booked']);
    });
  });

  describe('the list', () => {
    it('shows nextMeetingAt and filters meeting=upcoming|none; erasure takes the meetings with the lead', async () => {
      const withMeeting = await submit({ email: 'listed.meeting@example.com' });
      const without = await submit({ email: 'listed.none@example.com' });
      const past = await submit({ email: 'listed.past@example.com' });
      await calcomSigned(calcomBooking('BOOKING_CREATED', 'cal-list-1', { leadId: withMeeting.id })).expect(202);
      await calcomSigned(
        calcomBooking('BOOKING_CREATED', 'cal-list-2', {
          leadId: past.id,
          start: '2020-01-01T10:00:00.000Z',
          end: '2020-01-01T10:30:00.000Z',
        }),
      ).expect(202);
      const ids = (query: string) =>
        admin
          .get(`/api/admin/contacts?limit=100&${query}`)
          .expect(200)
          .then((res) => (res.body as Array<{ id: string; nextMeetingAt: string | null }>).map((row) => row.id));
      const rows = (await admin.get('/api/admin/contacts?limit=100').expect(200)).body as Array<{
        id: string;
        nextMeetingAt: string | null;
      }>;
      expect(rows.find((row) => row.id === withMeeting.id)!.nextMeetingAt).toBe('2030-01-15T14:00:00.000Z');
      expect(rows.find((row) => row.id === without.id)!.nextMeetingAt).toBeNull();
      expect(rows.find((row) => row.id === past.id)!.nextMeetingAt).toBeNull();

      const upcoming = await ids('meeting=upcoming');
      expect(upcoming).toContain(withMeeting.id);
      expect(upcoming).not.toContain(without.id);
      expect(upcoming).not.toContain(past.id);
      const none = await ids('meeting=none');
      expect(none).toContain(without.id);
      expect(none).not.toContain(withMeeting.id);
      expect(none).not.toContain(past.id);
      const refused = await admin.get('/api/admin/contacts?meeting=soon').expect(400);
      expect(refused.body.message).toEqual(['meeting must be one of upcoming, none']);

      await admin.delete(`/api/admin/contacts/${withMeeting.id}`).expect(204);
      expect(await count('SELECT 1 FROM meetings WHERE submission_id = $1', [withMeeting.id])).toBe(0);
      expect(await count('SELECT 1 FROM booking_events WHERE submission_id = $1', [withMeeting.id])).toBe(0);
    });
  });
});
