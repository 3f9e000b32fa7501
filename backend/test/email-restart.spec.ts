import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { type ApiProcess, buildApi, postContacts, startApiProcess } from './support/api-process.js';
import { contactBody } from './support/contacts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestDatabase } from './support/test-app.js';

const LEADS = 6;

/** The built API as a process of its own, killed hard (SIGKILL) while e-mails are being sent. */
describe('e-mail across a crash of the API (SIGKILL mid-send)', () => {
  let smtp: SmtpReceiver;
  let databaseUrl: string;
  let api: ApiProcess | undefined;
  let db: pg.Client;

  const startApi = () =>
    startApiProcess({
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'leads@example.com',
      PUBLIC_URL: 'https://leads.example.com',
      DELIVERY_RETRY_BASE_MS: '50',
      DELIVERY_POLL_INTERVAL_MS: '50',
      // An e-mail cut short waits for its lease to end: this plus 5 s.
      DELIVERY_ATTEMPT_TIMEOUT_MS: '3000',
      CONTACT_RATE_LIMIT: '1000',
    });

  beforeAll(async () => {
    await buildApi();
    smtp = await startSmtpReceiver();
    databaseUrl = await createTestDatabase();
    db = new pg.Client({ connectionString: databaseUrl });
  }, 120_000);
  afterAll(async () => {
    if (api) await api.stop('SIGKILL');
    await db.end().catch(() => undefined);
    smtp.release();
    await smtp.close();
  });

  it('sends every new-lead e-mail after the restart, at most one duplicate each', async () => {
    api = await startApi();
    await db.connect();
    await db.query(
      `INSERT INTO users (username, password, email, display_name, role) VALUES ('mia', 'not a hash', 'mia@example.com', 'Mia', 'member')`,
    );
    // The server takes each message but holds its answer: the API dies with e-mails in flight.
    smtp.holding = true;

    const statuses = await postContacts(api.url, LEADS, (i) => contactBody({ name: `Lead ${i}`, email: `lead${i}@example.com` }));
    expect(statuses).toEqual(Array(LEADS).fill(201));
    await waitFor('e-mails in flight', () => smtp.heldCount >= 1);
    await api.stop('SIGKILL');
    smtp.holding = false;
    smtp.release();

    api = await startApi();
    await waitFor(
      'every e-mail recorded as delivered',
      async () =>
        (await db.query(`SELECT id FROM deliveries WHERE channel = 'email' AND status = 'delivered'`)).rows.length === LEADS,
      30_000,
    );

    const subjects = smtp.received.map(({ mail }) => mail.subject);
    for (let i = 0; i < LEADS; i += 1) {
      const copies = subjects.filter((subject) => subject?.startsWith(`New lead: Lead ${i} –`)).length;
      expect(copies).toBeGreaterThanOrEqual(1);
      expect(copies).toBeLessThanOrEqual(2);
    }
    console.log(`e-mail after SIGKILL: ${LEADS} e-mails, ${subjects.length} received (${subjects.length - LEADS} duplicates)`);
  }, 90_000);
});
