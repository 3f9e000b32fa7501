import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
import { signInCookie } from './support/event-stream.js';
import { type ImapServer, startImapServer } from './support/imap-server.js';
import { INBOUND_SECRET, rawEmail } from './support/raw-email.js';
import { seedSubmissions } from './support/seed.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createMigratedDatabase, createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

const REPLY_ADDRESS = 'replies@team.example.com';

/** A lead with a reply token, as its first message from a teammate makes one; its id and the Reply-To address. */
async function leadWithToken(db: Queryable, email: string) {
  const [id] = await seedSubmissions(db as unknown as DataSource, [{ submittedAt: new Date(), name: 'Ada Lovelace', email }]);
  const token = randomBytes(20).toString('hex');
  await db.query('INSERT INTO lead_reply_tokens (submission_id, token) VALUES ($1, $2)', [id, token]);
  return { id, replyTo: `replies+${token}@team.example.com` };
}

/** A pg client as the seeding helpers take a DataSource (they use its `query` only). */
type Queryable = { query(sql: string, parameters?: unknown[]): Promise<unknown> };
const asQueryable = (client: pg.Client): Queryable => ({
  query: async (sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows,
});

/** A lead's reply, written by someone the product does not know by address: only the token matches it. */
const reply = (replyTo: string, n: number) =>
  rawEmail({
    from: `someone.else.${n}@elsewhere.example`,
    to: replyTo,
    subject: `Re: Your enquiry (${n})`,
    messageId: `<imap-${n}-${randomBytes(4).toString('hex')}@elsewhere.example>`,
    text: `Reply number ${n}`,
  });

describe('the conversation: replies fetched from an IMAP mailbox (a real dovecot)', () => {
  describe('one API', () => {
    let imap: ImapServer;
    let sut: TestApp;

    beforeAll(async () => {
      imap = await startImapServer();
      // Ten minutes between looks: what arrives within the test's deadline came by IDLE.
      sut = await createTestApp({
        env: { IMAP_URL: imap.url, IMAP_POLL_INTERVAL_MS: '600000', REPLY_ADDRESS, INBOUND_EMAIL_SECRET: INBOUND_SECRET },
      });
    }, 60_000);
    afterAll(async () => {
      await sut?.close();
      await imap?.stop();
    });

    it('stores a reply appended to the mailbox on its lead (by its reply token), in the thread, as IDLE announces it', async () => {
      const ada = await leadWithToken(sut.dataSource, 'ada@example.org');
      const admin = await signedInAgent(sut);

      // The premise: the server offers IDLE (see 'a server without IDLE' for one that does not).
      expect(await imap.capabilities()).toContain('IDLE');
      await imap.append(await reply(ada.replyTo, 1));

      const thread = async () =>
        (await admin.get(`/api/admin/contacts/${ada.id}/messages`).expect(200)).body as Array<Record<string, unknown>>;
      await waitFor('the reply in the thread', async () => (await thread()).length === 1, 10_000);
      expect((await thread())[0]).toMatchObject({
        direction: 'in',
        from: 'someone.else.1@elsewhere.example',
        subject: 'Re: Your enquiry (1)',
        text: 'Reply number 1',
        matchedBy: 'token',
      });
    });

    it('passes over a message that matches no lead, and takes the ones after it', async () => {
      const bob = await leadWithToken(sut.dataSource, 'bob@example.org');
      const stranger = await rawEmail({
        from: 'stranger@nowhere.example',
        to: REPLY_ADDRESS,
        subject: 'Hello?',
        text: 'Anyone?',
      });

      await imap.append(stranger);
      await imap.append(await reply(bob.replyTo, 2));

      await waitFor('the reply after the stranger', async () => {
        const [{ n }] = await sut.dataSource.query('SELECT count(*)::int AS n FROM lead_messages WHERE submission_id = $1', [
          bob.id,
        ]);
        return n === 1;
      });
      const stored = await sut.dataSource.query(`SELECT subject FROM lead_messages ORDER BY created_at`);
      expect(stored.map((row: { subject: string }) => row.subject)).toEqual(['Re: Your enquiry (1)', 'Re: Your enquiry (2)']);
      const [position] = await sut.dataSource.query('SELECT last_uid FROM imap_mailboxes');
      expect(position.last_uid).toBe('3');
    });

    it('takes a reply with a CV of several megabytes whole: the file downloads as it was sent', async () => {
      const cat = await leadWithToken(sut.dataSource, 'cat@example.org');
      // Over three of the windows a message is read in (1 MB each), and not a multiple of one.
      const cv = randomBytes(3 * 1024 * 1024 + 12_345);
      await imap.append(
        await rawEmail({
          from: 'cat@example.org',
          to: cat.replyTo,
          subject: 'Re: Your enquiry: my CV',
          text: 'Here is my CV.',
          attachments: [{ filename: 'CV Cat.pdf', content: cv, contentType: 'application/pdf' }],
        }),
      );

      const admin = await signedInAgent(sut);
      const thread = async () =>
        (await admin.get(`/api/admin/contacts/${cat.id}/messages`).expect(200)).body as Array<{
          id: string;
          text: string;
          attachments: Array<{ id: string; filename: string; size: number; kept: boolean }>;
        }>;
      await waitFor('the reply with its CV', async () => (await thread()).length === 1, 20_000);
      const [message] = await thread();
      expect(message.text).toBe('Here is my CV.');
      expect(message.attachments).toEqual([expect.objectContaining({ filename: 'CV Cat.pdf', size: cv.length, kept: true })]);
      const file = await admin
        .get(`/api/admin/contacts/${cat.id}/messages/${message.id}/attachments/${message.attachments[0].id}`)
        .buffer(true)
        .expect(200);
      expect(Buffer.compare(Buffer.from(file.body), cv)).toBe(0);
    });

    it('passes over bytes that are no e-mail, however long, and takes the reply after them', async () => {
      const dan = await leadWithToken(sut.dataSource, 'dan@example.org');
      // Longer than a window (1 MB): read to its end in two downloads, then passed over.
      await imap.append(Buffer.concat([Buffer.from('\u0000\u0001 this is no e-mail at all\r\n'), randomBytes(1_500_000)]));
      await imap.append(await reply(dan.replyTo, 3));

      const admin = await signedInAgent(sut);
      await waitFor(
        'the reply after the bytes',
        async () => (await admin.get(`/api/admin/contacts/${dan.id}/messages`).expect(200)).body.length === 1,
        20_000,
      );
      const [{ n }] = await sut.dataSource.query('SELECT count(*)::int AS n FROM lead_messages WHERE direction = $1', ['in']);
      const [position] = await sut.dataSource.query('SELECT last_uid FROM imap_mailboxes');
      expect({ stored: n, lastUid: position.last_uid }).toEqual({ stored: 4, lastUid: '6' });
    });

    it('tells the dashboard that replies come in (GET /api/admin/settings/email)', async () => {
      const admin = await signedInAgent(sut);
      const settings = await admin.get('/api/admin/settings/email').expect(200);
      expect(settings.body.inbound).toEqual({ endpoint: true, imap: true });
    });
  });

  describe('API processes: once each, across a restart and between two replicas', () => {
    let imap: ImapServer;
    let databaseUrl: string;
    let db: pg.Client;
    const apis: ApiProcess[] = [];
    const startApi = async () => {
      const api = await startApiProcess({
        DATABASE_URL: databaseUrl,
        IMAP_URL: imap.url,
        // Also how often a replica tries to take the mailbox over.
        IMAP_POLL_INTERVAL_MS: '300',
        REPLY_ADDRESS,
        SHUTDOWN_DELAY_MS: '0',
      });
      apis.push(api);
      return api;
    };
    const storedFor = async (leadId: string): Promise<string[]> =>
      (
        await db.query<{ subject: string }>('SELECT subject FROM lead_messages WHERE submission_id = $1 ORDER BY created_at', [
          leadId,
        ])
      ).rows.map((row) => row.subject);

    beforeAll(async () => {
      await buildApi();
      imap = await startImapServer();
      databaseUrl = await createMigratedDatabase();
      db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
    }, 120_000);
    afterAll(async () => {
      await Promise.all(apis.map((api) => api.stop('SIGKILL')));
      await db?.end();
      await imap?.stop();
    });

    it('takes each message once across a restart: one before, one after, two stored', async () => {
      const ada = await leadWithToken(asQueryable(db), 'ada@example.org');
      const first = await startApi();
      await imap.append(await reply(ada.replyTo, 1));
      await waitFor('the first reply', async () => (await storedFor(ada.id)).length === 1);

      await first.stop();
      await imap.append(await reply(ada.replyTo, 2));
      const second = await startApi();
      await waitFor('the second reply', async () => (await storedFor(ada.id)).length === 2);
      // The moment a second take of reply 1 would have happened: the mailbox read to its end.
      await waitFor(
        'the mailbox read to its end',
        async () => (await db.query('SELECT last_uid FROM imap_mailboxes')).rows[0]?.last_uid === '2',
      );
      expect(await storedFor(ada.id)).toEqual(['Re: Your enquiry (1)', 'Re: Your enquiry (2)']);
      await second.stop();
    }, 60_000);

    it('takes each message once with two replicas, and the other takes over when the reader stops', async () => {
      const bob = await leadWithToken(asQueryable(db), 'bob@example.org');
      const [one, two] = await Promise.all([startApi(), startApi()]);
      await imap.append(await reply(bob.replyTo, 3));
      await imap.append(await reply(bob.replyTo, 4));
      await waitFor('two replies', async () => (await storedFor(bob.id)).length === 2);

      // Whichever reads the mailbox stops; the other takes it within its interval.
      await one.stop();
      await imap.append(await reply(bob.replyTo, 5));
      await waitFor('the reply after the stop', async () => (await storedFor(bob.id)).length === 3);
      await waitFor(
        'the mailbox read to its end',
        async () => (await db.query('SELECT last_uid FROM imap_mailboxes')).rows[0]?.last_uid === '5',
      );
      expect(await storedFor(bob.id)).toEqual(['Re: Your enquiry (3)', 'Re: Your enquiry (4)', 'Re: Your enquiry (5)']);
      await two.stop();
    }, 60_000);
  });

  describe('a mailbox rebuilt (a new UIDVALIDITY), as on a restored server', () => {
    let imap: ImapServer;
    let sut: TestApp;

    beforeAll(async () => {
      // Not INBOX, which cannot be deleted: the folder the mail is delivered to.
      imap = await startImapServer({ mailbox: 'Replies' });
      // Looks every half second: the way a rebuilt folder shows (IDLE says nothing of it).
      sut = await createTestApp({ env: { IMAP_URL: imap.url, IMAP_POLL_INTERVAL_MS: '500', REPLY_ADDRESS } });
    }, 60_000);
    afterAll(async () => {
      await sut?.close();
      await imap?.stop();
    });

    it("takes the new folder's messages from its lowest UID, and stores none of those it had twice", async () => {
      const ada = await leadWithToken(sut.dataSource, 'ada@example.org');
      const admin = await signedInAgent(sut);
      const subjects = async () =>
        ((await admin.get(`/api/admin/contacts/${ada.id}/messages`).expect(200)).body as Array<{ subject: string }>).map(
          (message) => message.subject,
        );
      const position = async () =>
        (
          await sut.dataSource.query<Array<{ uid_validity: string; last_uid: string }>>(
            'SELECT uid_validity, last_uid FROM imap_mailboxes',
          )
        )[0];
      const first = await reply(ada.replyTo, 1);
      for (const raw of [first, await reply(ada.replyTo, 2), await reply(ada.replyTo, 3)]) await imap.append(raw);
      await waitFor('three replies', async () => (await subjects()).length === 3, 30_000);
      const before = await position();
      expect(before.last_uid).toBe('3');

      // The folder again, as a restore would bring it: reply 1 once more (the same message,
      // its UID now 1) and a new reply 4 at UID 2, below the 3 remembered.
      const validity = await imap.recreateMailbox();
      expect(validity).not.toBe(before.uid_validity);
      await imap.append(first);
      await imap.append(await reply(ada.replyTo, 4));

      // A fresh-clone run once timed out here (30 s, where 2 s is usual): a timeout now says what
      // the server saw, each session's commands and its log's end.
      await waitFor('the reply of the new folder', async () => (await subjects()).length >= 4, 30_000).catch(
        async (error: Error) => {
          const seen = `sessions: ${JSON.stringify(await imap.sessions())}\n${(await imap.log()).slice(-3000)}`;
          throw new Error(`${error.message}\n${seen}`, { cause: error });
        },
      );
      // Read to its end under the new UIDVALIDITY: a second copy of reply 1 would be stored by now.
      await waitFor('the new folder read to its end', async () => {
        const now = await position();
        return now.uid_validity === validity && now.last_uid === '2';
      });
      expect(await subjects()).toEqual([
        'Re: Your enquiry (1)',
        'Re: Your enquiry (2)',
        'Re: Your enquiry (3)',
        'Re: Your enquiry (4)',
      ]);
    }, 60_000);
  });

  describe('a server without IDLE', () => {
    let imap: ImapServer;
    let sut: TestApp;

    beforeAll(async () => {
      imap = await startImapServer({ idle: false });
      sut = await createTestApp({ env: { IMAP_URL: imap.url, IMAP_POLL_INTERVAL_MS: '500', REPLY_ADDRESS } });
    }, 60_000);
    afterAll(async () => {
      await sut?.close();
      await imap?.stop();
    });

    it('takes replies by looking every IMAP_POLL_INTERVAL_MS, into an empty mailbox and after', async () => {
      // The premise: nothing announces new mail, only a look finds it.
      expect(await imap.capabilities()).not.toContain('IDLE');
      const ada = await leadWithToken(sut.dataSource, 'ada@example.org');
      const admin = await signedInAgent(sut);
      const subjects = async () =>
        ((await admin.get(`/api/admin/contacts/${ada.id}/messages`).expect(200)).body as Array<{ subject: string }>).map(
          (message) => message.subject,
        );
      /** The commands of the API's session (the one that opened the folder) after it opened it, as the server received them. */
      const readerCommands = async () => {
        const reader = (await imap.sessions()).find((commands) => commands.includes('EXAMINE'));
        return reader ? reader.slice(reader.indexOf('EXAMINE') + 1) : [];
      };

      // The folder was empty when the API opened it and looked (the server has had a command from
      // it since): what comes now can only be found by a later look, an interval on.
      await waitFor('the API looking at the empty folder again', async () => (await readerCommands()).length >= 1, 30_000);
      await imap.append(await reply(ada.replyTo, 1));
      await waitFor('the first reply', async () => (await subjects()).length === 1, 30_000);
      await imap.append(await reply(ada.replyTo, 2));
      await waitFor('the second reply', async () => (await subjects()).length === 2, 30_000);
      expect(await subjects()).toEqual(['Re: Your enquiry (1)', 'Re: Your enquiry (2)']);
      // Looks only: never an IDLE the server does not offer.
      expect(await readerCommands()).not.toContain('IDLE');
    }, 90_000);
  });

  describe("imaps:// (TLS): the server's certificate is checked", () => {
    let imap: ImapServer;
    let databaseUrl: string;
    let db: pg.Client;
    /** The lead, with its reply in the mailbox before any API starts. */
    let ada: { id: string; replyTo: string };
    const apis: ApiProcess[] = [];
    // NODE_EXTRA_CA_CERTS is read when Node starts: the API runs as a process of its own.
    const startApi = async (env: NodeJS.ProcessEnv = {}) => {
      const api = await startApiProcess({
        DATABASE_URL: databaseUrl,
        IMAP_URL: imap.url,
        IMAP_POLL_INTERVAL_MS: '500',
        REPLY_ADDRESS,
        SHUTDOWN_DELAY_MS: '0',
        // The poller's warnings, to see why it took nothing.
        LOG_LEVEL: 'warn',
        ...env,
      });
      apis.push(api);
      return api;
    };
    /** The server's log lines that match `pattern`. */
    const logged = async (pattern: RegExp) => (await imap.log()).split('\n').filter((line) => pattern.test(line)).length;
    /** The subjects of the lead's thread, as the dashboard reads them from `api` (signed in with `cookie`). */
    const subjects = async (api: ApiProcess, cookie: string) => {
      const res = await fetch(`${api.url}/api/admin/contacts/${ada.id}/messages`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return ((await res.json()) as Array<{ subject: string }>).map((message) => message.subject);
    };

    beforeAll(async () => {
      await buildApi();
      imap = await startImapServer({ tls: true });
      databaseUrl = await createMigratedDatabase();
      db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      ada = await leadWithToken(asQueryable(db), 'ada@example.org');
      await imap.append(await reply(ada.replyTo, 1));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(apis.map((api) => api.stop('SIGKILL')));
      await db?.end();
      await imap?.stop();
    });

    it('refuses a server whose certificate it does not trust: nothing taken, no login sent', async () => {
      expect(imap.url).toMatch(/^imaps:/);
      // No NODE_EXTRA_CA_CERTS: to this API the server is anybody's, as a man in the middle would be.
      const brokenBefore = await logged(/TLS handshaking/);
      const api = await startApi();
      const refusals = () =>
        api
          .stdout()
          .split('\n')
          .filter((line) => line.includes('IMAP mailbox:') && line.includes('UNABLE_TO_VERIFY_LEAF_SIGNATURE'));
      // Twice: it kept refusing after trying again.
      await waitFor('two refusals of the certificate', () => refusals().length >= 2, 30_000);
      // The server's side: connections that ended in the TLS handshake, before any command.
      await waitFor(
        'the handshakes broken off, in the server log',
        async () => (await logged(/TLS handshaking/)) >= brokenBefore + 2,
      );
      const thread = await subjects(api, await signInCookie(api.url));
      // Stopped before the assertions: the next test's API needs the reader's lock.
      await api.stop();
      expect(thread).toEqual([]);
      // The password never reached the server: the one login there is the test's APPEND.
      expect(await logged(/Login: user=/)).toBe(1);
    }, 60_000);

    it('takes the message over TLS once the API trusts the CA (NODE_EXTRA_CA_CERTS)', async () => {
      const api = await startApi({ NODE_EXTRA_CA_CERTS: imap.caFile });
      const cookie = await signInCookie(api.url);
      await waitFor('the reply over TLS', async () => (await subjects(api, cookie)).length === 1, 30_000);
      const thread = await subjects(api, cookie);
      await api.stop();
      expect(thread).toEqual(['Re: Your enquiry (1)']);
    }, 60_000);
  });
});
