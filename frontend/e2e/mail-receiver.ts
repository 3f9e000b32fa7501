import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Global setup: an SMTP server the e2e API sends its e-mails to (SMTP_URL in
 * playwright.config.ts; plain SMTP on 127.0.0.1 with no AUTH: the backend's tests cover
 * STARTTLS and AUTH), and `GET /mails?to=…` on E2E_MAIL_INBOX_PORT, which tells a test the
 * e-mails that address received ({ subject, text }, oldest first).
 */
export default async function startMailReceiver(): Promise<() => Promise<void>> {
  const smtpPort = Number(process.env.E2E_SMTP_PORT);
  const received: Array<{ to: string[]; subject: string; text: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  smtp.on('error', () => undefined);
  const inbox = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://inbox').searchParams.get('to') ?? '';
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify(received.filter((mail) => mail.to.includes(to))));
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => inbox.listen(Number(process.env.E2E_MAIL_INBOX_PORT), '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => inbox.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
