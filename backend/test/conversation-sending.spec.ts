import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { INBOUND_SECRET, postInbound, rawEmail } from './support/raw-email.js';
import { seedSubmissions } from './support/seed.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const MAIL = {
  MAIL_FROM: 'Leads Team <leads@example.com>',
  PUBLIC_URL: 'https://leads.example.com',
  REPLY_ADDRESS: 'replies@team.example.com',
  INBOUND_EMAIL_SECRET: INBOUND_SECRET,
  DELIVERY_POLL_INTERVAL_MS: '100',
  RESPONSE_SCAN_INTERVAL_MS: '500',
};

type Agent = Awaited<ReturnType<typeof signedInAs>>;

describe('the conversation: sending (one API, a real SMTP server)', () => {
  let smtp: SmtpReceiver;
  let sut: TestApp;
  let member: TestAccount;
  let asMember: Agent;
  let asViewer: Agent;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    sut = await createTestApp({ env: { SMTP_URL: smtp.url, ...MAIL } });
    member = await createAccount(sut, 'member', { email: 'mia@example.com' });
    await sut.dataSource.query(`UPDATE users SET display_name = 'Mia Example', signature = $2 WHERE id = $1`, [
      member.id,
      'Mia Example\nRecruiting <team>',
    ]);
    asMember = await signedInAs(sut, member);
    asViewer = await signedInAs(sut, await createAccount(sut, 'viewer'));
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  async function lead(overrides: { email?: string; name?: string } = {}): Promise<{ id: string; etag: string }> {
    const [id] = await seedSubmissions(sut.dataSource, [
      { submittedAt: new Date(), name: overrides.name ?? 'Ada Lovelace', email: overrides.email ?? 'ada@example.org' },
    ]);
    const detail = await asMember.get(`/api/admin/contacts/${id}`).expect(200);
    return { id, etag: detail.headers.etag };
  }

  async function received(to: string, count = 1): Promise<ParsedMail[]> {
    const mine = () => smtp.received.filter((mail) => mail.envelopeTo.includes(to)).map((mail) => mail.mail);
    await waitFor(`${count} e-mail(s) to ${to}`, () => mine().length >= count);
    return mine();
  }

  it("sends the teammate's text as a person's e-mail: From, Reply-To token, Message-ID, both parts, the signature, no Auto-Submitted", async () => {
    const ada = await lead({ email: 'ada.first@example.org' });
    const answer = await asMember
      .post(`/api/admin/contacts/${ada.id}/messages`)
      .set('If-Match', ada.etag)
      .send({ subject: 'Your hiring plans', body: 'Hello Ada,\n<b>not bold</b> & more' })
      .expect(201);
    expect(answer.body).toEqual(
      expect.objectContaining({
        direction: 'out',
        state: 'queued',
        subject: 'Your hiring plans',
        text: 'Hello Ada,\n<b>not bold</b> & more',
      }),
    );
    expect(answer.headers.etag).not.toBe(ada.etag);

    const [mail] = await received('ada.first@example.org');
    expect(mail.from?.value).toEqual([{ name: 'Mia Example (Leads Team)', address: 'leads@example.com' }]);
    expect(mail.subject).toBe('Your hiring plans');
    const replyTo = mail.replyTo?.value[0].address ?? '';
    expect(replyTo).toMatch(/^replies\+[0-9a-f]{40}@team\.example\.com$/); // 160 random bits
    expect(mail.headers.has('auto-submitted')).toBe(false);
    const [stored] = await sut.dataSource.query<Array<{ message_id: string }>>(
      'SELECT message_id FROM lead_messages WHERE id = $1',
      [answer.body.id],
    );
    expect(mail.messageId).toBe(stored.message_id);
    expect(stored.message_id).toMatch(/^<[^@]+@example\.com>$/);
    expect(mail.inReplyTo).toBeUndefined();
    expect(mail.text).toBe('Hello Ada,\n<b>not bold</b> & more\n\n-- \nMia Example\nRecruiting <team>\n');
    expect(mail.html).toContain('&lt;b&gt;not bold&lt;/b&gt; &amp; more');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Recruiting &lt;team&gt;');

    // Another lead gets another token.
    const grace = await lead({ email: 'grace@example.org', name: 'Grace Hopper' });
    await asMember.post(`/api/admin/contacts/${grace.id}/messages`).send({ body: 'Hello Grace' }).expect(201);
    const [toGrace] = await received('grace@example.org');
    expect(toGrace.subject).toBe('Your enquiry');
    expect(toGrace.replyTo?.value[0].address).not.toBe(replyTo);

    // Its state follows the SMTP server's acceptance.
    await waitFor('the message sent', async () => {
      const thread = await asViewer.get(`/api/admin/contacts/${ada.id}/messages`).expect(200);
      return thread.body[0]?.state === 'sent';
    });
  });

  it('answers a new lead: status contacted "(replied)", firstRespondedAt set, no escalation later', async () => {
    const answered = await lead({ email: 'answered@example.org', name: 'Answered Lead' });
    const waiting = await lead({ email: 'waiting@example.org', name: 'Waiting Lead' });
    await sut.dataSource.query('UPDATE contact_submissions SET assignee_id = $1 WHERE id = ANY($2::uuid[])', [
      member.id,
      [answered.id, waiting.id],
    ]);
    await asMember.post(`/api/admin/contacts/${answered.id}/messages`).send({ body: 'Thanks for writing' }).expect(201);

    const { body: detail } = await asViewer.get(`/api/admin/contacts/${answered.id}`).expect(200);
    expect(detail.status).toBe('contacted');
    expect(detail.firstRespondedAt).toEqual(expect.any(String));
    expect(detail.responseMinutes).toEqual(expect.any(Number));
    expect(detail.lastMessageAt).toEqual(expect.any(String));
    expect(detail.awaitingReply).toBe(false);
    expect(detail.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'status',
          actor: member.username,
          detail: { from: 'new', to: 'contacted', via: 'reply' },
        }),
      ]),
    );

    // Both past their target: only the unanswered one is escalated.
    await sut.dataSource.query(
      `UPDATE contact_submissions SET response_due_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`,
      [[answered.id, waiting.id]],
    );
    await waitFor(
      'the escalation of the waiting lead',
      () => smtp.received.some((mail) => mail.mail.subject === 'Waiting for an answer: Waiting Lead'),
      15_000,
    );
    const escalation = smtp.received.find((mail) => mail.mail.subject === 'Waiting for an answer: Waiting Lead');
    expect(escalation?.mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(smtp.received.some((mail) => mail.mail.subject === 'Waiting for an answer: Answered Lead')).toBe(false);
  });

  it('threads on the lead\'s last own message (not an automatic one): In-Reply-To, References, "Re:" its subject', async () => {
    const ada = await lead({ email: 'ada.thread@example.org' });
    const first = await asMember
      .post(`/api/admin/contacts/${ada.id}/messages`)
      .send({ subject: 'Hiring', body: 'Hello' })
      .expect(201);
    const [sent] = await received('ada.thread@example.org');
    const reply = await rawEmail({
      from: 'Ada <ada.thread@example.org>',
      to: sent.replyTo?.text,
      subject: 'Re: Hiring - next steps',
      messageId: '<reply-1@mail.example.org>',
      inReplyTo: sent.messageId,
      references: [sent.messageId as string],
      text: 'Tuesday works.',
    });
    expect((await postInbound(sut, reply).expect(202)).body).toEqual({ stored: 1, leadId: ada.id });
    // An out-of-office after it is no thread to answer in.
    const away = await rawEmail({
      from: 'ada.thread@example.org',
      to: 'leads@example.com',
      subject: 'Out of office',
      messageId: '<away-1@mail.example.org>',
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: 'Back on Monday.',
    });
    expect((await postInbound(sut, away).expect(202)).body).toEqual({ stored: 1, leadId: ada.id });

    await asMember
      .post(`/api/admin/contacts/${ada.id}/messages`)
      .send({ subject: 'ignored', body: 'See you Tuesday' })
      .expect(201);
    const [, second] = await received('ada.thread@example.org', 2);
    expect(second.inReplyTo).toBe('<reply-1@mail.example.org>');
    expect(second.references).toEqual([sent.messageId, '<reply-1@mail.example.org>']);
    expect(second.subject).toBe('Re: Hiring - next steps');
    expect(first.body.id).not.toBe(second.messageId);
  });

  it('refuses a stale If-Match with 412 and the current detail, a viewer, a held lead, an unknown one', async () => {
    const ada = await lead({ email: 'ada.stale@example.org' });
    await asMember.patch(`/api/admin/contacts/${ada.id}`).send({ status: 'qualified' }).expect(200);
    const stale = await asMember
      .post(`/api/admin/contacts/${ada.id}/messages`)
      .set('If-Match', ada.etag)
      .send({ body: 'Hi' })
      .expect(412);
    expect(stale.body).toEqual(expect.objectContaining({ id: ada.id, status: 'qualified' }));
    expect(stale.headers.etag).toBe(`"${stale.body.version}"`);

    await asViewer.post(`/api/admin/contacts/${ada.id}/messages`).send({ body: 'Hi' }).expect(403);
    await asMember.post(`/api/admin/contacts/00000000-0000-4000-8000-000000000000/messages`).send({ body: 'Hi' }).expect(404);
    const empty = await asMember.post(`/api/admin/contacts/${ada.id}/messages`).send({ body: '' }).expect(400);
    expect(empty.body.message).toEqual(['body must be 1 to 20000 characters']);

    const held = await lead({ email: 'held@example.org' });
    await sut.dataSource.query(`UPDATE contact_submissions SET status = 'spam', held_as_spam = true WHERE id = $1`, [held.id]);
    await asMember.post(`/api/admin/contacts/${held.id}/messages`).send({ body: 'Hi' }).expect(409);

    const thread = await asViewer.get(`/api/admin/contacts/${ada.id}/messages`).expect(200);
    expect(thread.body).toEqual([]);
    expect(
      smtp.received.some(
        (mail) => mail.envelopeTo.includes('held@example.org') || mail.envelopeTo.includes('ada.stale@example.org'),
      ),
    ).toBe(false);
  });

  it('reads a long thread by its newest messages first, oldest first among them, with the whole count', async () => {
    const long = await lead({ email: 'long.thread@example.org' });
    for (const body of ['First', 'Second', 'Third']) {
      await asMember.post(`/api/admin/contacts/${long.id}/messages`).send({ body }).expect(201);
    }
    const newest = await asViewer.get(`/api/admin/contacts/${long.id}/messages?last=2`).expect(200);
    expect(newest.body.map((message: { text: string }) => message.text.split('\n')[0])).toEqual(['Second', 'Third']);
    expect(newest.headers['x-total-count']).toBe('3');
    const whole = await asViewer.get(`/api/admin/contacts/${long.id}/messages`).expect(200);
    expect(whole.body.map((message: { text: string }) => message.text.split('\n')[0])).toEqual(['First', 'Second', 'Third']);
    expect(whole.headers['x-total-count']).toBe('3');
    const more = await asViewer.get(`/api/admin/contacts/${long.id}/messages?last=5`).expect(200);
    expect([more.body.length, more.headers['x-total-count']]).toEqual([3, '3']);
    const bad = await asViewer.get(`/api/admin/contacts/${long.id}/messages?last=0`).expect(400);
    expect(bad.body.message).toEqual(['last must be an integer from 1 to 100']);
  });

  it('adds no Reply-To while REPLY_ADDRESS is unset (replies then go to MAIL_FROM and match by thread or address)', async () => {
    const bare = await createTestApp({ env: { SMTP_URL: smtp.url, ...MAIL, REPLY_ADDRESS: '' } });
    try {
      const [id] = await seedSubmissions(bare.dataSource, [{ submittedAt: new Date(), email: 'no.reply.to@example.org' }]);
      const agent = request.agent(bare.server);
      await agent.post('/api/auth/login').send({ username: 'admin', password: 'admin-dev-password' }).expect(200);
      await agent.post(`/api/admin/contacts/${id}/messages`).send({ body: 'Hi' }).expect(201);
      const [mail] = await received('no.reply.to@example.org');
      expect(mail.replyTo).toBeUndefined();
      expect(mail.from?.value).toEqual([{ name: 'admin (Leads Team)', address: 'leads@example.com' }]);
      expect((await bare.dataSource.query('SELECT count(*)::int AS n FROM lead_reply_tokens'))[0].n).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it('answers 409 without e-mail set up, and sends nothing', async () => {
    const offline = await createTestApp({ env: { REPLY_ADDRESS: MAIL.REPLY_ADDRESS } });
    try {
      const [id] = await seedSubmissions(offline.dataSource, [{ submittedAt: new Date() }]);
      const agent = request.agent(offline.server);
      await agent.post('/api/auth/login').send({ username: 'admin', password: 'admin-dev-password' }).expect(200);
      const refused = await agent.post(`/api/admin/contacts/${id}/messages`).send({ body: 'Hi' }).expect(409);
      expect(refused.body.message).toMatch(/SMTP_URL/);
      expect((await offline.dataSource.query('SELECT count(*)::int AS n FROM lead_messages'))[0].n).toBe(0);
    } finally {
      await offline.close();
    }
  });
});
