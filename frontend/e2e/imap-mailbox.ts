import { ImapFlow } from 'imapflow';
import { IMAP_PASSWORD, IMAP_USER, startImapServer } from '../../backend/test/support/imap-server';

/**
 * Global setup: the mailbox the e2e API reads the leads' replies from (IMAP_URL in
 * playwright.config.ts, on E2E_IMAP_PORT): Debian's dovecot, started as the backend's tests
 * start it, with a configuration of its own in a temporary folder. Stopped at the end.
 */
export default async function startMailbox(): Promise<() => Promise<void>> {
  const server = await startImapServer({ port: Number(process.env.E2E_IMAP_PORT) });
  return () => server.stop();
}

/** Puts `raw` into the mailbox's INBOX, as the team's mail server delivering a lead's reply would. */
export async function deliverToMailbox(raw: string): Promise<void> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: Number(process.env.E2E_IMAP_PORT),
    secure: false,
    auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
    logger: false,
  });
  await client.connect();
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
}
