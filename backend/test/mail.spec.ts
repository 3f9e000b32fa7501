import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressObject } from 'mailparser';
import request from 'supertest';
import { DeliveryWorker } from '../src/deliveries/delivery-worker.service.js';
import { MailTransport } from '../src/mail/mail-transport.service.js';
import { newLeadEmail } from '../src/leads/new-lead-email.js';
import { queueEmails } from '../src/mail/queue-emails.js';
import { testEmail } from '../src/mail/test-email.js';
import { REFUSED_RECIPIENT, type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createTestApp, DEV_ADMIN, signedInAgent, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://leads.example.com';
const MAIL_FROM = 'Lead inbox <leads@example.com>';
const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((object) => object.value.map((entry) => entry.address));

/** E-mail through a real SMTP server that insists on STARTTLS before AUTH. */
describe('e-mail', () => {
  let smtp: SmtpReceiver;
  let sut: TestApp;
  let withoutMail: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    sut = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM, PUBLIC_URL } });
    withoutMail = await createTestApp({ databaseUrl: sut.databaseUrl });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([sut?.close(), withoutMail?.close()]);
    await smtp?.close();
  });

  const lastMail = async (count: number) => {
    await waitFor(`${count} e-mails received`, () => smtp.received.length >= count);
    return smtp.received[count - 1];
  };

  describe('POST /api/admin/settings/test-email', () => {
    it("sends a test e-mail over STARTTLS with AUTH and answers with the server's reply", async () => {
      const admin = await signedInAgent(sut);
      const before = smtp.received.length;

      const res = await admin.post('/api/admin/settings/test-email').send({ to: 'ada@example.com' }).expect(200);

      expect(res.body).toEqual({ to: 'ada@example.com', response: expect.stringMatching(/^250 /) });
      const { mail, secure, user, envelopeTo } = await lastMail(before + 1);
      expect({ secure, user, envelopeTo }).toEqual({ secure: true, user: smtp.user, envelopeTo: ['ada@example.com'] });
      expect(mail.from?.text).toBe('"Lead inbox" <leads@example.com>');
      expect(mail.subject).toBe('Test e-mail from the lead inbox');
      expect(mail.text).toContain(PUBLIC_URL);
      expect(mail.html).toContain(PUBLIC_URL);
    });

    it("goes to the caller's own address without a `to`, 409 while the account has none", async () => {
      const admin = await signedInAgent(sut);
      const none = await admin.post('/api/admin/settings/test-email').send({}).expect(409);
      expect(none.body.message).toBe('Your account has no e-mail address: add one on your account page');
      // The address is added as any change of it is: the password, then the link sent to it.
      await admin.post('/api/auth/email').send({ email: 'admin@example.com', currentPassword: DEV_ADMIN.password }).expect(202);
      await waitFor('the confirmation', () =>
        smtp.received.some(({ mail }) => mail.subject === 'Confirm your new e-mail address'),
      );
      const confirmation = smtp.received.find(({ mail }) => mail.subject === 'Confirm your new e-mail address')!;
      const token = /\/admin\/confirm-email#(\S+)$/m.exec(confirmation.mail.text ?? '')![1];
      await admin.post('/api/auth/email/confirm').send({ token }).expect(204);
      const before = smtp.received.length;
      const res = await admin.post('/api/admin/settings/test-email').send({}).expect(200);
      expect(res.body.to).toBe('admin@example.com');
      expect((await lastMail(before + 1)).envelopeTo).toEqual(['admin@example.com']);
    });

    it("answers 502 with the server's refusal", async () => {
      const admin = await signedInAgent(sut);
      const res = await admin.post('/api/admin/settings/test-email').send({ to: REFUSED_RECIPIENT }).expect(502);
      expect(res.body.message).toMatch(/550 5\.1\.1 Mailbox unavailable/);
    });

    it('answers 409 when e-mail is not set up, 400 for a bad address, 401 without a session', async () => {
      const admin = await signedInAgent(withoutMail);
      const res = await admin.post('/api/admin/settings/test-email').send({}).expect(409);
      expect(res.body.message).toBe('E-mail is not set up: set SMTP_URL and MAIL_FROM');
      const bad = await (await signedInAgent(sut)).post('/api/admin/settings/test-email').send({ to: 'nobody' }).expect(400);
      expect(bad.body.message).toEqual(['to must be an e-mail address']);
      await request(sut.server).post('/api/admin/settings/test-email').send({}).expect(401);
    });
  });

  describe('the new-lead e-mail', () => {
    it('has both parts, escapes what the visitor typed, links to the lead and replies to the lead', async () => {
      const lead = {
        id: '0b9f3c1e-5a7d-4e2b-8c6f-1d2e3f4a5b6c',
        name: '<img src=x onerror=alert(1)>',
        email: 'visitor@example.com',
        linkedin: null,
        company: 'Bold & <b>Co</b>',
        interest: 'community',
        comments: 'Line one\n"quoted" <script>alert(2)</script>',
      };
      const before = smtp.received.length;
      const transport = sut.app.get(MailTransport);

      await transport.send('team@example.com', newLeadEmail(lead, transport.publicUrl));

      const { mail } = await lastMail(before + 1);
      expect(mail.subject).toBe('New lead: <img src=x onerror=alert(1)> – TA Builder Community');
      expect(addresses(mail.from)).toEqual(['leads@example.com']);
      expect(addresses(mail.to)).toEqual(['team@example.com']);
      expect(addresses(mail.replyTo)).toEqual(['visitor@example.com']);
      const link = `${PUBLIC_URL}/admin?lead=${lead.id}`;

      expect(mail.text).toContain('Name: <img src=x onerror=alert(1)>');
      expect(mail.text).toContain('Company: Bold & <b>Co</b>');
      expect(mail.text).toContain('Interest: TA Builder Community');
      expect(mail.text).toContain(`Open the lead: ${link}`);
      expect(mail.text).not.toContain('LinkedIn');

      const body = mail.html as string;
      expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(body).toContain('Bold &amp; &lt;b&gt;Co&lt;/b&gt;');
      expect(body).toContain('&quot;quoted&quot; &lt;script&gt;alert(2)&lt;/script&gt;');
      expect(body).not.toMatch(/<img|<script|<b>/i);
      expect(body).toContain(`href="${link}"`);
      // Readable in mail clients: inline styles only, nothing loaded from elsewhere.
      expect(body).not.toMatch(/<style|<link|src=["']?https?:/i);
    });
  });

  describe('the email channel of the delivery engine', () => {
    const stateOf = async (id: string) =>
      (
        await sut.dataSource.query<Array<{ status: string; attempts: number; lastError: string | null }>>(
          'SELECT status, attempts, last_error AS "lastError" FROM deliveries WHERE id = $1',
          [id],
        )
      )[0];

    it("sends a queued e-mail; a permanent refusal is failed with the server's reply, never retried", async () => {
      const before = smtp.received.length;
      const content = testEmail(PUBLIC_URL);
      const [sent, refused] = await sut.dataSource.transaction((manager) =>
        queueEmails(manager, [
          { kind: 'invitation', to: 'queued@example.com', content: { ...content, replyTo: 'reply@example.com' } },
          { kind: 'invitation', to: REFUSED_RECIPIENT, content },
        ]),
      );
      sut.app.get(DeliveryWorker).nudge();

      const { mail } = await lastMail(before + 1);
      expect(addresses(mail.to)).toEqual(['queued@example.com']);
      expect(addresses(mail.replyTo)).toEqual(['reply@example.com']);
      await waitFor(
        'both recorded',
        async () => (await stateOf(sent)).status === 'delivered' && (await stateOf(refused)).status === 'failed',
      );
      const failed = await stateOf(refused);
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toMatch(/^550 5\.1\.1 Mailbox unavailable/);
      expect(failed.lastError).not.toContain(REFUSED_RECIPIENT);
    });
  });
});
