import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { INBOUND_SECRET, postInbound, rawEmail } from './support/raw-email.js';
import { seedSubmissions } from './support/seed.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';
import { ErasureService } from '../src/leads/erasure.service.js';
import { openEventStream, signInCookie } from './support/event-stream.js';
import type { AddressInfo } from 'node:net';

const ENV = {
  MAIL_FROM: 'Leads Team <leads@example.com>',
  PUBLIC_URL: 'https://leads.example.com',
  REPLY_ADDRESS: 'replies@team.example.com',
  INBOUND_EMAIL_SECRET: INBOUND_SECRET,
  INBOUND_ATTACHMENT_MAX_MB: '1',
  DELIVERY_POLL_INTERVAL_MS: '100',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
};

type Agent = Awaited<ReturnType<typeof signedInAs>>;

describe('the conversation: receiving and reading (one API, a real SMTP server)', () => {
  let smtp: SmtpReceiver;
  let hooks: WebhookReceiver;
  let sut: TestApp;
  let member: TestAccount;
  let quiet: TestAccount;
  let asMember: Agent;
  let asViewer: Agent;
  let admin: Agent;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    hooks = await WebhookReceiver.start();
    sut = await createTestApp({ env: { SMTP_URL: smtp.url, ...ENV } });
    sut.server.listen(0, '127.0.0.1');
    await once(sut.server, 'listening');
    member = await createAccount(sut, 'member', { email: 'mia@example.com' });
    quiet = await createAccount(sut, 'member', { email: 'quiet@example.com' });
    await sut.dataSource.query(`UPDATE users SET notify_replies = 'off' WHERE id = $1`, [quiet.id]);
    asMember = await signedInAs(sut, member);
    asViewer = await signedInAs(sut, await createAccount(sut, 'viewer', { email: 'vic@example.com' }));
    admin = await signedInAgent(sut);
    await admin
      .post('/api/admin/webhooks')
      .send({ url: hooks.url, events: ['lead.message'], format: 'standard', active: true })
      .expect(201);
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
    await hooks?.stop();
  });

  let seeded = 0;
  async function lead(email: string, options: { name?: string; assigneeId?: string; submittedAt?: Date } = {}): Promise<string> {
    seeded += 1;
    const [id] = await seedSubmissions(sut.dataSource, [
      { submittedAt: options.submittedAt ?? new Date(), name: options.name ?? `Lead ${seeded}`, email },
    ]);
    if (options.assigneeId)
      await sut.dataSource.query('UPDATE contact_submissions SET assignee_id = $1 WHERE id = $2', [options.assigneeId, id]);
    return id;
  }

  const mailsTo = (to: string): ParsedMail[] =>
    smtp.received.filter((mail) => mail.envelopeTo.includes(to)).map((mail) => mail.mail);
  const countMessages = async (leadId: string): Promise<number> =>
    (await sut.dataSource.query('SELECT count(*)::int AS n FROM lead_messages WHERE submission_id = $1', [leadId]))[0].n;

  it('guards the endpoint: 401 without or with a wrong secret, 415 for another type, 400 for what is no message, 413 past 25 MB (nothing stored)', async () => {
    const raw = await rawEmail({ from: 'someone@example.net', to: 'replies@team.example.com', subject: 'Hi', text: 'Hi' });
    await request(sut.server).post('/api/inbound/email').set('Content-Type', 'message/rfc822').send(raw).expect(401);
    await postInbound(sut, raw, 'a-wrong-secret-of-at-least-32-characters!!').expect(401);
    await request(sut.server)
      .post('/api/inbound/email')
      .set('Authorization', `Bearer ${INBOUND_SECRET}`)
      .set('Content-Type', 'application/json')
      .send('{}')
      .expect(415);
    const notMail = await postInbound(sut, Buffer.from('\u0000\u0001 this is no e-mail at all')).expect(400);
    expect(notMail.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/e-mail message/) });
    await postInbound(sut, Buffer.from('Subject: no sender\r\n\r\nbody')).expect(400);
    // MIME the parser gives up on (a header block over 1 MB), from an address it would match.
    await lead('long.header@example.org');
    const longHeader = `From: long.header@example.org\r\nX-Long: ${'a'.repeat(2 * 1024 * 1024)}\r\n\r\nHi\r\n`;
    await postInbound(sut, Buffer.from(longHeader)).expect(400);
    // A lead's reply, parsed as it streams: one byte past 25 MB it is not stored, though it
    // matches; at 25 MB it is.
    const sender = await lead('big.sender@example.org');
    const reply = () => rawEmail({ from: 'big.sender@example.org', to: 'replies@team.example.com', subject: 'big', text: 'Hi' });
    const padded = (raw: Buffer, size: number) => Buffer.concat([raw, Buffer.alloc(size - raw.length, 'a')]);
    const tooLarge = await postInbound(sut, padded(await reply(), 25 * 1024 * 1024 + 1)).expect(413);
    expect(tooLarge.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The message must be at most 25 MB' });
    expect(await countMessages(sender)).toBe(0);
    const atLimit = await postInbound(sut, padded(await reply(), 25 * 1024 * 1024)).expect(202);
    expect(atLimit.body).toEqual({ stored: 1, leadId: sender });
  });

  it('answers 404 while INBOUND_EMAIL_SECRET is unset; the settings tell the dashboard whether replies come in', async () => {
    expect((await asViewer.get('/api/admin/settings/email').expect(200)).body.inbound).toEqual({ endpoint: true, imap: false });
    const off = await createTestApp({ databaseUrl: sut.databaseUrl, env: { INBOUND_EMAIL_SECRET: '' } });
    try {
      const raw = await rawEmail({ from: 'someone@example.net', to: 'x@example.com', text: 'Hi' });
      await postInbound(off, raw).expect(404);
      const viewer = await signedInAs(off, await createAccount(off, 'viewer', { email: 'vera@example.com' }));
      expect((await viewer.get('/api/admin/settings/email').expect(200)).body.inbound).toEqual({ endpoint: false, imap: false });
    } finally {
      await off.close();
    }
  });

  it('matches by thread, then token, then the most recent lead of the address; stores one Message-ID once; drops the unmatched', async () => {
    const ada = await lead('ada@example.org', { name: 'Ada Lovelace', assigneeId: member.id });
    await asMember.post(`/api/admin/contacts/${ada}/messages`).send({ subject: 'Hiring', body: 'Hello Ada' }).expect(201);
    await waitFor('the message to Ada', () => mailsTo('ada@example.org').length === 1);
    const [sent] = mailsTo('ada@example.org');

    // The thread: In-Reply-To names the message sent, whoever writes.
    const byThread = await rawEmail({
      from: 'assistant@elsewhere.example',
      to: 'leads@example.com',
      subject: 'Re: Hiring',
      messageId: '<thread-1@elsewhere.example>',
      inReplyTo: sent.messageId,
      text: 'Ada asked me to answer.',
    });
    expect((await postInbound(sut, byThread).expect(202)).body).toEqual({ stored: 1, leadId: ada });
    // The same message again: stored once.
    expect((await postInbound(sut, byThread).expect(202)).body).toEqual({ stored: 0 });
    expect(await countMessages(ada)).toBe(2);

    // The token: from another mailbox, to the Reply-To address, no thread headers.
    const byToken = await rawEmail({
      from: 'ada.private@home.example',
      to: sent.replyTo?.text,
      subject: 'From my other address',
      messageId: '<token-1@home.example>',
      text: 'Here is my private address.',
    });
    expect((await postInbound(sut, byToken).expect(202)).body).toEqual({ stored: 1, leadId: ada });

    // The address (canonical: case and +tag): the most recent of the person's leads.
    const older = await lead('grace@example.org', { submittedAt: new Date(Date.now() - 86_400_000) });
    const newer = await lead('grace@example.org');
    const byAddress = await rawEmail({
      from: '"Grace" <Grace+work@Example.org>',
      to: 'leads@example.com',
      subject: 'Question',
      text: 'A question',
    });
    expect((await postInbound(sut, byAddress).expect(202)).body).toEqual({ stored: 1, leadId: newer });
    expect(await countMessages(older)).toBe(0);

    // Unmatched: nothing stored.
    const stranger = await rawEmail({ from: 'stranger@nowhere.example', to: 'leads@example.com', subject: 'Hi', text: 'Hi' });
    expect((await postInbound(sut, stranger).expect(202)).body).toEqual({ stored: 0 });
    expect(
      (await sut.dataSource.query(`SELECT count(*)::int AS n FROM lead_messages WHERE from_address LIKE '%stranger%'`))[0].n,
    ).toBe(0);

    const { body: thread } = await asViewer.get(`/api/admin/contacts/${ada}/messages`).expect(200);
    expect(
      thread.map((message: { direction: string; matchedBy: string | null }) => [message.direction, message.matchedBy]),
    ).toEqual([
      ['out', null],
      ['in', 'thread'],
      ['in', 'token'],
    ]);
    expect(thread[1]).toEqual(
      expect.objectContaining({
        direction: 'in',
        from: 'assistant@elsewhere.example',
        to: 'leads@example.com',
        subject: 'Re: Hiring',
        text: 'Ada asked me to answer.',
        automatic: false,
        attachments: [],
        sentAt: expect.any(String),
        receivedAt: expect.any(String),
      }),
    );
  });

  it('when the ways name different leads, the thread wins, then the token, then the address; the same message sent at once is stored once', async () => {
    const written = async (email: string) => {
      const id = await lead(email);
      await asMember.post(`/api/admin/contacts/${id}/messages`).send({ subject: 'Hello', body: 'Hello' }).expect(201);
      await waitFor(`the message to ${email}`, () => mailsTo(email).length === 1);
      return { id, sent: mailsTo(email)[0] };
    };
    const byThread = await written('order.thread@example.org');
    const byToken = await written('order.token@example.org');
    const byAddress = await lead('order.address@example.org');
    const all = {
      from: 'order.address@example.org',
      to: byToken.sent.replyTo?.text,
      subject: 'Re: Hello',
      inReplyTo: byThread.sent.messageId,
      text: 'Which lead am I?',
    };
    const threadFirst = await rawEmail({ ...all, messageId: '<order-1@example.org>' });
    expect((await postInbound(sut, threadFirst).expect(202)).body).toEqual({ stored: 1, leadId: byThread.id });
    const tokenNext = await rawEmail({ ...all, inReplyTo: '<unknown@example.org>', messageId: '<order-2@example.org>' });
    expect((await postInbound(sut, tokenNext).expect(202)).body).toEqual({ stored: 1, leadId: byToken.id });
    const addressLast = await rawEmail({
      ...all,
      inReplyTo: undefined,
      to: 'leads@example.com',
      messageId: '<order-3@example.org>',
    });
    expect((await postInbound(sut, addressLast).expect(202)).body).toEqual({ stored: 1, leadId: byAddress });

    // A relay that retries before the first answer: five posts of one message at once, one stored.
    const versionOf = async (id: string): Promise<number> =>
      (await sut.dataSource.query('SELECT version FROM contact_submissions WHERE id = $1', [id]))[0].version;
    const before = await versionOf(byThread.id);
    const again = await rawEmail({ ...all, messageId: '<order-4@example.org>', text: 'Sent five times' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postInbound(sut, again).expect(202)));
    expect(answers.map(({ body }) => body.stored).sort()).toEqual([0, 0, 0, 0, 1]);
    expect(
      (await sut.dataSource.query(`SELECT count(*)::int AS n FROM lead_messages WHERE message_id = '<order-4@example.org>'`))[0]
        .n,
    ).toBe(1);
    expect(await versionOf(byThread.id)).toBe(before + 1);
  });

  it("a reply that comes in while a teammate's change holds the lead waits for it, and its update builds on that change", async () => {
    const id = await lead('waits@example.org');
    const [{ version }] = await sut.dataSource.query('SELECT version FROM contact_submissions WHERE id = $1', [id]);
    const teammate = sut.dataSource.createQueryRunner();
    await teammate.startTransaction();
    let posting: Promise<request.Response> | undefined;
    try {
      await teammate.query(`UPDATE contact_submissions SET status = 'contacted', version = version + 1 WHERE id = $1`, [id]);
      const reply = await rawEmail({ from: 'waits@example.org', to: 'leads@example.com', subject: 'Hi', text: 'Still there?' });
      posting = postInbound(sut, reply).then((res) => res);
      // The reply's statement waits on the lead's lock before the teammate's change commits.
      await waitFor('the reply waiting on the lead', async () => {
        const [{ n }] = await sut.dataSource.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%lead_messages%'`,
        );
        return n === 1;
      });
      await teammate.commitTransaction();
    } finally {
      if (teammate.isTransactionActive) await teammate.rollbackTransaction();
      await teammate.release();
    }
    const res = await posting;
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ stored: 1, leadId: id });
    const [row] = await sut.dataSource.query(
      'SELECT status, version, awaiting_reply, last_message_at FROM contact_submissions WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'contacted', version: version + 2, awaiting_reply: true });
    expect(row.last_message_at).not.toBeNull();
  });

  it("a reply's update of its lead changes none of the analytics' counts, and appends no delta to them", async () => {
    const id = await lead('counts@example.org');
    // Its own snapshot: the periodic roll-up that folds the deltas away does not show here.
    const runner = sut.dataSource.createQueryRunner();
    await runner.startTransaction('REPEATABLE READ');
    try {
      const deltas = async (): Promise<number> =>
        (await runner.query('SELECT count(*)::int AS n FROM contact_submission_deltas'))[0].n;
      const before = await deltas();
      // As the inbound endpoint's statement updates the lead.
      await runner.query(
        'UPDATE contact_submissions SET last_message_at = now(), awaiting_reply = true, version = version + 1 WHERE id = $1',
        [id],
      );
      expect(await deltas()).toBe(before);
      // A change the counts follow still appends its deltas (marked spam: it leaves them).
      await runner.query(`UPDATE contact_submissions SET status = 'spam' WHERE id = $1`, [id]);
      expect(await deltas()).toBe(before + 1);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('folds the quoted history, keeps no script and no remote URL of an HTML-only message', async () => {
    const id = await lead('html@example.org');
    const raw = await rawEmail({
      from: 'html@example.org',
      to: 'leads@example.com',
      subject: 'HTML only',
      html:
        '<html><head><style>p{color:red}</style><script>alert("x")</script></head><body><p>Yes, <b>Tuesday</b> works.</p>' +
        '<img src="https://tracker.example/pixel.gif" alt="pixel"><a href="https://evil.example/phish">my site</a>' +
        '<p>On Mon, 2 Mar 2026 at 10:00, Mia wrote:</p><blockquote>&gt; Hello</blockquote></body></html>',
    });
    await postInbound(sut, raw).expect(202);
    const { body: thread } = await asViewer.get(`/api/admin/contacts/${id}/messages`).expect(200);
    const stored = JSON.stringify(thread);
    expect(thread[0].text).toMatch(/^Yes, Tuesday works\./);
    expect(thread[0].text).toContain('my site');
    expect(thread[0].quotedText).toMatch(/^On Mon, 2 Mar 2026 at 10:00, Mia wrote:/);
    for (const unwanted of ['<script', 'alert', 'https://', 'tracker.example', 'evil.example', '<p>', 'color:red'])
      expect(stored).not.toContain(unwanted);
  });

  it('marks automatic mail, which notifies nobody and awaits nothing', async () => {
    const id = await lead('auto@example.org', { name: 'Otto Matic', assigneeId: member.id });
    const samples = [
      await rawEmail({
        from: 'auto@example.org',
        to: 'leads@example.com',
        subject: 'Out of office',
        headers: { 'Auto-Submitted': 'auto-replied' },
        text: 'Away',
      }),
      await rawEmail({
        from: 'auto@example.org',
        to: 'leads@example.com',
        subject: 'Newsletter',
        headers: { Precedence: 'bulk' },
        text: 'News',
      }),
      await rawEmail({
        from: 'auto@example.org',
        to: 'leads@example.com',
        subject: 'Bounce',
        envelope: { from: '', to: 'x@y.z' },
        headers: { 'Return-Path': '<>' },
        text: 'Bounce',
      }),
      Buffer.from(
        'From: auto@example.org\r\nTo: leads@example.com\r\nSubject: Delivery Status Notification\r\nMessage-ID: <dsn-1@example.org>\r\n' +
          'MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n' +
          '--b\r\nContent-Type: text/plain\r\n\r\nIt failed.\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\nFinal-Recipient: rfc822; x@y.z\r\nAction: failed\r\nStatus: 5.1.1\r\n--b--\r\n',
      ),
    ];
    for (const raw of samples) expect((await postInbound(sut, raw).expect(202)).body).toEqual({ stored: 1, leadId: id });
    // A person's message last: its notice is what the automatic ones would have come before.
    const person = await rawEmail({
      from: 'auto@example.org',
      to: 'leads@example.com',
      subject: 'Real answer',
      headers: { 'Auto-Submitted': 'no' },
      text: 'Me',
    });
    await postInbound(sut, person).expect(202);
    await waitFor('the notice of the real answer', () =>
      mailsTo('mia@example.com').some((mail) => mail.subject === 'Reply from Otto Matic: Real answer'),
    );

    const { body: thread } = await asViewer.get(`/api/admin/contacts/${id}/messages`).expect(200);
    expect(thread.map((message: { automatic: boolean }) => message.automatic)).toEqual([true, true, true, true, false]);
    const notices = mailsTo('mia@example.com').filter((mail) => mail.subject?.startsWith('Reply from Otto Matic'));
    expect(notices.map((mail) => mail.subject)).toEqual(['Reply from Otto Matic: Real answer']);
    // The webhook leaves on its own queue: the e-mail above may come before it.
    const ofThisLead = () => hooks.ofType('lead.message').filter((hook) => (hook.json.data as { leadId?: string }).leadId === id);
    await waitFor('the lead.message webhook of the real answer', () => ofThisLead().length > 0);
    const hooked = ofThisLead();
    expect(hooked).toHaveLength(1);
    expect((hooked[0].json.data as { messageId?: string }).messageId).toBe(thread[4].id);

    // An automatic message last: not awaiting.
    await postInbound(
      sut,
      await rawEmail({
        from: 'auto@example.org',
        to: 'leads@example.com',
        subject: 'Auto again',
        headers: { 'Auto-Submitted': 'auto-generated' },
        text: 'x',
      }),
    ).expect(202);
    expect((await asViewer.get(`/api/admin/contacts/${id}`).expect(200)).body.awaitingReply).toBe(false);
  });

  it("announces the lead's change to lead.updated endpoints with its detail as GET answers it (its new version, awaiting)", async () => {
    const updates = await WebhookReceiver.start();
    try {
      await admin
        .post('/api/admin/webhooks')
        .send({ url: updates.url, events: ['lead.updated'], format: 'standard', active: true })
        .expect(201);
      const id = await lead('una@example.org', { name: 'Una Updated' });
      const before = (await asViewer.get(`/api/admin/contacts/${id}`).expect(200)).body.version as number;
      await postInbound(
        sut,
        await rawEmail({ from: 'una@example.org', to: 'leads@example.com', subject: 'Hi', text: 'Me' }),
      ).expect(202);
      const ofLead = () => updates.ofType('lead.updated').filter((hook) => (hook.json.data as { id?: string }).id === id);
      await waitFor('the lead.updated webhook', () => ofLead().length === 1);
      const detail = (await asViewer.get(`/api/admin/contacts/${id}`).expect(200)).body;
      delete detail.history;
      expect(ofLead()[0].json.data).toEqual(detail);
      expect(detail).toMatchObject({ version: before + 1, awaitingReply: true });
    } finally {
      await admin.get('/api/admin/webhooks').then(async ({ body }) => {
        for (const hook of body as Array<{ id: string; url: string }>)
          if (hook.url === updates.url) await admin.delete(`/api/admin/webhooks/${hook.id}`).expect(204);
      });
      await updates.stop();
    }
  });

  it('notifies the assignee (or each member and admin who wants it), the webhooks (no text) and shows it awaiting', async () => {
    const assigned = await lead('kate@example.org', { name: 'Kate Assigned', assigneeId: member.id });
    const reply = await rawEmail({
      from: 'kate@example.org',
      to: 'leads@example.com',
      subject: 'My CV',
      text: 'Attached is my CV, secret words',
    });
    const { body } = await postInbound(sut, reply).expect(202);
    await waitFor('the reply e-mail', () =>
      mailsTo('mia@example.com').some((mail) => mail.subject === 'Reply from Kate Assigned: My CV'),
    );
    const notice = mailsTo('mia@example.com').find((mail) => mail.subject === 'Reply from Kate Assigned: My CV') as ParsedMail;
    expect(notice.text).toContain(`https://leads.example.com/admin?lead=${assigned}`);
    expect(notice.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mailsTo('quiet@example.com').some((mail) => mail.subject?.startsWith('Reply from Kate'))).toBe(false);

    await waitFor('the lead.message webhook', () =>
      hooks.ofType('lead.message').some((hook) => (hook.json.data as { leadId?: string }).leadId === assigned),
    );
    const hook = hooks.ofType('lead.message').find((hook) => (hook.json.data as { leadId?: string }).leadId === assigned);
    const [message] = (await asViewer.get(`/api/admin/contacts/${assigned}/messages`).expect(200)).body;
    expect(hook?.json.data).toEqual({ leadId: assigned, messageId: message.id, direction: 'in' });
    expect(hook?.body).not.toContain('secret words');
    expect(body).toEqual({ stored: 1, leadId: assigned });

    // Unassigned: every member and admin whose choice is instant (the viewer and the quiet member not).
    const open = await lead('olga@example.org', { name: 'Olga Open' });
    await postInbound(
      sut,
      await rawEmail({ from: 'olga@example.org', to: 'leads@example.com', subject: 'Hello', text: 'Hi' }),
    ).expect(202);
    await waitFor('the reply e-mail to the team', () =>
      mailsTo('mia@example.com').some((mail) => mail.subject === 'Reply from Olga Open: Hello'),
    );
    // The e-mails of one transaction are queued together: both to-be-sent are there once Mia's is.
    expect(mailsTo('vic@example.com').some((mail) => mail.subject?.startsWith('Reply from Olga'))).toBe(false);
    expect(mailsTo('quiet@example.com').some((mail) => mail.subject?.startsWith('Reply from Olga'))).toBe(false);

    // Reading: the detail, the list rows and the filter.
    const { body: detail } = await asViewer.get(`/api/admin/contacts/${open}`).expect(200);
    expect(detail).toEqual(expect.objectContaining({ awaitingReply: true, lastMessageAt: expect.any(String) }));
    const { body: awaiting } = await asViewer.get('/api/admin/contacts?conversation=awaiting').expect(200);
    const ids = awaiting.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([open, assigned]));
    expect(awaiting.every((row: { awaitingReply: boolean }) => row.awaitingReply)).toBe(true);
    const bad = await asViewer.get('/api/admin/contacts?conversation=soon').expect(400);
    expect(bad.body.message).toEqual(['conversation must be awaiting']);

    // Answering ends the wait; the webhook says so, with the direction.
    const { body: answer } = await asMember.post(`/api/admin/contacts/${open}/messages`).send({ body: 'Hello Olga' }).expect(201);
    await waitFor('the outgoing lead.message webhook', () =>
      hooks.ofType('lead.message').some((hook) => (hook.json.data as { messageId?: string }).messageId === answer.id),
    );
    expect(
      hooks.ofType('lead.message').find((hook) => (hook.json.data as { messageId?: string }).messageId === answer.id)?.json.data,
    ).toEqual({
      leadId: open,
      messageId: answer.id,
      direction: 'out',
    });
    const after = (await asViewer.get('/api/admin/contacts?conversation=awaiting').expect(200)).body.map(
      (row: { id: string }) => row.id,
    );
    expect(after).not.toContain(open);
  });

  it('tells every open dashboard of a stored message (lead.message { id }), an automatic one too', async () => {
    const id = await lead('live@example.org');
    const base = `http://127.0.0.1:${(sut.server.address() as AddressInfo).port}`;
    const stream = await openEventStream(`${base}/api/admin/events`, await signInCookie(base));
    try {
      await stream.next('the retry line', (message) => message.retry !== undefined);
      const raw = await rawEmail({
        from: 'live@example.org',
        to: 'leads@example.com',
        subject: 'Live',
        text: 'Hi',
        headers: { Precedence: 'list' },
      });
      await postInbound(sut, raw).expect(202);
      const event = await stream.next('lead.message', (message) => message.event === 'lead.message');
      expect(JSON.parse(event.data ?? '')).toEqual({ id });
      // Its new version too (lastMessageAt), announced with it.
      await stream.next('lead.updated', (message) => message.event === 'lead.updated' && message.data === JSON.stringify({ id }));

      // A teammate's message: the lead changed (lead.updated) and its thread did (lead.message), then again once sent.
      const before = stream.messages.length;
      await asMember.post(`/api/admin/contacts/${id}/messages`).send({ body: 'Hello' }).expect(201);
      const data = JSON.stringify({ id });
      await stream.next('lead.updated', (message) => message.event === 'lead.updated' && message.data === data);
      await waitFor(
        'lead.message twice more (queued, then sent)',
        () =>
          stream.messages.slice(before).filter((message) => message.event === 'lead.message' && message.data === data).length >=
          2,
      );
    } finally {
      stream.close();
    }
  });

  it('keeps attachments within the limit, lists larger ones, and serves active content as a download only', async () => {
    const id = await lead('files@example.org');
    const big = Buffer.alloc(1536 * 1024, 7);
    const raw = await rawEmail({
      from: 'files@example.org',
      to: 'leads@example.com',
      subject: 'Files',
      text: 'See attached',
      attachments: [
        { filename: 'CV Ada é.pdf', content: Buffer.from('%PDF-1.4 fake'), contentType: 'application/pdf' },
        {
          filename: 'logo.svg',
          content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          contentType: 'image/svg+xml',
        },
        { filename: 'page"; x=.html', content: '<script>alert(2)</script>', contentType: 'text/html' },
        { filename: 'huge.bin', content: big, contentType: 'application/octet-stream' },
      ],
    });
    await postInbound(sut, raw).expect(202);
    const [message] = (await asViewer.get(`/api/admin/contacts/${id}/messages`).expect(200)).body;
    const byName = new Map(message.attachments.map((file: { filename: string }) => [file.filename, file]));
    expect(byName.get('CV Ada é.pdf')).toEqual(expect.objectContaining({ contentType: 'application/pdf', kept: true }));
    expect(byName.get('huge.bin')).toEqual(expect.objectContaining({ size: big.length, kept: false }));
    const url = (file: unknown) => `/api/admin/contacts/${id}/messages/${message.id}/attachments/${(file as { id: string }).id}`;

    const pdf = await asViewer
      .get(url(byName.get('CV Ada é.pdf')))
      .buffer(true)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="CV Ada _.pdf"; filename*=UTF-8''CV%20Ada%20%C3%A9.pdf`,
    );
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(pdf.body).toString()).toBe('%PDF-1.4 fake');
    for (const active of ['logo.svg', 'page"; x=.html']) {
      const res = await asViewer
        .get(url(byName.get(active)))
        .buffer(true)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await asViewer.get(url(byName.get('page"; x=.html'))).expect(200)).headers['content-disposition']).toBe(
      `attachment; filename="page_; x=.html"; filename*=UTF-8''page%22%3B%20x%3D.html`,
    );
    await asViewer.get(url(byName.get('huge.bin'))).expect(404);
    // Another lead's path to the same file: 404.
    const other = await lead('other@example.org');
    await asViewer.get(url(byName.get('CV Ada é.pdf')).replace(id, other)).expect(404);
  });

  it('erases the messages and attachments with the lead; a later message from the address matches nothing', async () => {
    const id = await lead('erase.me@example.org');
    const raw = await rawEmail({
      from: 'erase.me@example.org',
      to: 'leads@example.com',
      subject: 'With a file',
      text: 'Hello',
      attachments: [{ filename: 'cv.pdf', content: Buffer.from('cv'), contentType: 'application/pdf' }],
    });
    await postInbound(sut, raw).expect(202);
    await admin.post('/api/admin/erasures').send({ email: 'erase.me@example.org' }).expect(200);
    const left = await sut.dataSource.query<Array<{ messages: number; files: number; tokens: number }>>(
      `SELECT (SELECT count(*)::int FROM lead_messages WHERE submission_id = $1) AS messages,
              (SELECT count(*)::int FROM lead_message_attachments a LEFT JOIN lead_messages m ON m.id = a.message_id WHERE m.id IS NULL) AS files,
              (SELECT count(*)::int FROM lead_reply_tokens WHERE submission_id = $1) AS tokens`,
      [id],
    );
    expect(left).toEqual([{ messages: 0, files: 0, tokens: 0 }]);
    const later = await rawEmail({ from: 'erase.me@example.org', to: 'leads@example.com', subject: 'Again', text: 'Me again' });
    expect((await postInbound(sut, later).expect(202)).body).toEqual({ stored: 0 });
    await asViewer.get(`/api/admin/contacts/${id}/messages`).expect(404);

    // Retention erases the same way: an old lead's conversation goes with it.
    const old = await lead('old.lead@example.org', { submittedAt: new Date(Date.now() - 400 * 86_400_000) });
    await postInbound(
      sut,
      await rawEmail({ from: 'old.lead@example.org', to: 'leads@example.com', subject: 'Old', text: 'Old' }),
    ).expect(202);
    expect(await countMessages(old)).toBe(1);
    expect(await sut.app.get(ErasureService).eraseOlderThan(new Date(Date.now() - 365 * 86_400_000))).toBe(1);
    expect(await countMessages(old)).toBe(0);
  });
});
