import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
import { contactBody } from './support/contacts.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestDatabase } from './support/test-app.js';

const LEADS = 1000;
const AT_ONCE = 50;

/**
 * A burst of leads with e-mail on, through the built API as in production (its own process,
 * its default delivery settings): every submission answered, and every teammate whose choice is mine gets
 * one new-lead e-mail per lead. How long that takes is printed (a minute is the goal on a
 * quiet machine); the test asserts that all of them arrive, as a loaded machine needs.
 */
describe('e-mail under a burst of 1,000 leads', () => {
  let smtp: SmtpReceiver;
  let api: ApiProcess;
  let db: pg.Client;

  beforeAll(async () => {
    await buildApi();
    smtp = await startSmtpReceiver();
    const databaseUrl = await createTestDatabase();
    api = await startApiProcess({
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'leads@example.com',
      PUBLIC_URL: 'https://leads.example.com',
      CONTACT_RATE_LIMIT: '100000',
    });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `INSERT INTO users (username, password, email, display_name, role) VALUES ('mia', 'not a hash', 'mia@example.com', 'Mia', 'member')`,
    );
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await db?.end();
    await smtp?.close();
  });

  it('answers every submission with 201 and sends the teammate whose choice is mine all 1,000 e-mails', async () => {
    const started = Date.now();
    const answers: Array<{ status: number; ms: number }> = [];
    for (let sent = 0; sent < LEADS; sent += AT_ONCE) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: AT_ONCE }, async (_, i) => {
            const before = Date.now();
            const res = await fetch(`${api.url}/api/contact`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(contactBody({ name: `Burst ${sent + i}`, email: `burst${sent + i}@example.com` })),
            });
            return { status: res.status, ms: Date.now() - before };
          }),
        )),
      );
    }
    const submittedMs = Date.now() - started;
    expect(answers.map((answer) => answer.status)).toEqual(Array(LEADS).fill(201));

    const leadsMailed = () =>
      new Set(
        smtp.received
          .filter(({ envelopeTo }) => envelopeTo.includes('mia@example.com'))
          .map(({ mail }) => /^New lead: (Burst \d+) –/.exec(mail.subject ?? '')?.[1])
          .filter(Boolean),
      ).size;
    await waitFor('an e-mail for every lead', () => leadsMailed() === LEADS, 240_000);
    const mailedMs = Date.now() - started;

    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    console.log(
      `e-mail burst: ${LEADS} leads submitted in ${submittedMs} ms (POST p50 ${times[LEADS / 2]} ms, p99 ` +
        `${times[Math.floor(LEADS * 0.99)]} ms, slowest ${times[LEADS - 1]} ms); ${leadsMailed()} new-lead e-mails ` +
        `(${smtp.received.length} messages in all) at the SMTP server ${mailedMs} ms after the first submission`,
    );
  }, 300_000);
});
