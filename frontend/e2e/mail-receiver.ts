import { SMTPServer } from 'smtp-server';

/**
 * Global setup: a mail server for the e2e server's SMTP_URL (plain SMTP on 127.0.0.1, no
 * AUTH), so that the team's and the visitors' e-mails are sent and answered as by a
 * provider. It takes every message and keeps none: a test reads how one went from the API
 * (a lead's e-mails, the test e-mail's answer).
 */
export default async function startMailReceiver(): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
