import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ImapFlow } from 'imapflow';
import pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { type ImapSettings, parseImapUrl } from '../config/imap-url.js';
import { InboundMessages, NotAMessageError } from './inbound-messages.service.js';

// Any constant shared by every replica: one of them reads the mailbox at a time.
const IMAP_LOCK_KEY = 7_262_040;
/** After a failure (IMAP or PostgreSQL): the first wait before trying again, growing up to the last. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
/** The connection goes IDLE this long after its last command (imapflow's default is 15 s). */
const AUTO_IDLE_DELAY_MS = 500;
/** How much of a message one FETCH asks for (imapflow's default, 64 KB, costs a round trip per 64 KB). */
const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;
/** How long a logout may take before the connection is simply closed. */
const LOGOUT_TIMEOUT_MS = 2_000;

/**
 * IMAP_URL (docs/conversation.md, "The IMAP mailbox"): the replica that holds a PostgreSQL
 * advisory lock (a session lock on a connection of its own, outside the request pool) keeps an
 * IMAP connection to the mailbox, opened read-only, and hands each new message's raw source to
 * InboundMessages.receive, oldest UID first. The server's IDLE announces new mail (`exists`);
 * besides, and on servers without IDLE, it looks every IMAP_POLL_INTERVAL_MS. The other
 * replicas try to take the lock as often, so that a replica that stopped or died (its session,
 * and so its lock, ends with it) is replaced.
 *
 * Once only: `imap_mailboxes` keeps the mailbox's UIDVALIDITY and the last UID taken, advanced
 * in the transaction that stores the message (`receive`'s claim), only forwards: a message is
 * stored together with its UID or not at all, whichever replica or restart comes next. A new
 * UIDVALIDITY starts over from the lowest UID, where the Message-ID's unique index keeps what
 * was stored once from being stored again. Mail is never changed, moved or deleted.
 */
@Injectable()
export class ImapPoller implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ImapPoller.name);
  private readonly settings: ImapSettings | undefined;
  private readonly intervalMs: number;
  private readonly databaseUrl: string;
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  /** The connection that holds the advisory lock, while this replica holds it. */
  private lockClient: pg.Client | undefined;
  private imap: ImapFlow | undefined;
  /** Ends the current pause early: new mail, a lost connection, shutdown. */
  private wake: (() => void) | undefined;
  /** New mail was announced while the mailbox was being read: read it again at once. */
  private announced = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inbound: InboundMessages,
    config: ConfigService<Environment, true>,
  ) {
    const url = config.get('IMAP_URL', { infer: true });
    this.settings = url === undefined ? undefined : parseImapUrl(url);
    this.intervalMs = config.get('IMAP_POLL_INTERVAL_MS', { infer: true });
    this.databaseUrl = config.get('DATABASE_URL', { infer: true });
  }

  onApplicationBootstrap(): void {
    if (this.settings) this.running = this.run(this.settings);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    // The message being stored is finished first (its transaction needs the pool).
    await this.running;
    await this.releaseLock();
  }

  /** Takes the lock, reads the mailbox while it holds it, and starts over after any failure. */
  private async run(settings: ImapSettings): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (!(await this.takeLock())) {
          await this.pause(this.intervalMs);
          continue;
        }
        await this.readMailbox(settings, () => (failures = 0));
      } catch (error) {
        if (this.stopped) break;
        // Never the URL or an address: the reason and the code only.
        this.logger.warn({ msg: `IMAP mailbox: ${reason(error)}; trying again`, code: codeOf(error) });
        await this.pause(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
        failures += 1;
      }
    }
  }

  /** Whether this replica holds the lock (taking it when free). */
  private async takeLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true });
    client.on('error', (error) => {
      this.logger.warn(`IMAP lock connection lost: ${error.message}`);
      this.lockLost(client);
    });
    client.on('end', () => this.lockLost(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [IMAP_LOCK_KEY]);
      if (!rows[0].locked) {
        await client.end();
        return false;
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.lockClient = client;
    this.logger.log('IMAP mailbox: this replica reads it');
    return true;
  }

  /** The lock ends with its session: stop reading at once, another replica may take over. */
  private lockLost(client: pg.Client): void {
    if (this.lockClient !== client) return;
    this.lockClient = undefined;
    this.imap?.close();
    this.wake?.();
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = undefined;
    if (!client) return;
    await client.query('SELECT pg_advisory_unlock($1)', [IMAP_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  /** One IMAP connection: reads what is new, then waits for IDLE's news or the interval; throws when the connection ends. */
  private async readMailbox(settings: ImapSettings, connected: () => void): Promise<void> {
    let closed = false;
    // Loaded here, not with the app: most installations read no mailbox (no IMAP_URL), and
    // the IMAP client is one of the app's largest packages to load.
    const { ImapFlow } = await import('imapflow');
    const imap = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      // imap://: STARTTLS when the server offers it (imapflow's default).
      auth: { user: settings.user, pass: settings.pass },
      logger: false,
      autoIdleDelay: AUTO_IDLE_DELAY_MS,
    });
    this.imap = imap;
    imap.on('error', (error: Error) => this.logger.warn({ msg: `IMAP connection: ${reason(error)}`, code: codeOf(error) }));
    imap.on('close', () => {
      closed = true;
      this.wake?.();
    });
    imap.on('exists', () => {
      this.announced = true;
      this.wake?.();
    });
    try {
      await imap.connect();
      // Read-only (EXAMINE): the poller never changes the mailbox.
      await imap.mailboxOpen(settings.mailbox, { readOnly: true });
      connected();
      while (!this.stopped && !closed && this.lockClient) {
        this.announced = false;
        await this.takeNew(imap, settings);
        if (!this.announced && !this.stopped && !closed) await this.pause(this.intervalMs);
      }
    } finally {
      this.imap = undefined;
      await quit(imap);
    }
    if (!this.stopped && this.lockClient) throw new Error('the IMAP connection closed');
  }

  /** Every message above the last UID taken, in UID order, each stored with its UID. */
  private async takeNew(imap: ImapFlow, settings: ImapSettings): Promise<void> {
    // A look asks the server first: an IMAP server reports new mail (EXISTS) only in answer to a
    // command, and without IDLE nothing else is sent while the folder is empty. The answer also
    // tells of a folder rebuilt under the connection (dovecot then ends the session: read again
    // after reconnecting, with its new UIDVALIDITY).
    await imap.noop();
    const box = imap.mailbox;
    if (!box) throw new Error('no mailbox open');
    const validity = box.uidValidity.toString();
    const last = await this.position(settings.key, validity);
    if (box.exists === 0) return;
    // `n:*` names the last message too when n is past it: filtered below.
    const found = await imap.search({ uid: `${last + 1}:*` }, { uid: true });
    const uids = (found || []).filter((uid) => uid > last).sort((a, b) => a - b);
    for (const uid of uids) {
      if (this.stopped || !this.lockClient) return;
      // Streamed in windows as the parser reads it, as the inbound endpoint's body is: a 25 MB
      // message fetched whole was held several times over (the literal, its copies, the parse).
      const { meta, content } = await imap.download(String(uid), undefined, { uid: true, chunkSize: DOWNLOAD_CHUNK_BYTES });
      const claim = (manager: EntityManager) => this.advance(manager, settings.key, validity, uid);
      if (!content) {
        // Expunged since the search: nothing to take.
        await claim(this.dataSource.manager);
        continue;
      }
      try {
        const { stored } = await this.inbound.receive({ chunks: content, declaredBytes: meta.expectedSize }, claim);
        this.logger.log({ msg: 'IMAP mailbox: message taken', uid, stored });
      } catch (error) {
        if (!(error instanceof NotAMessageError)) throw error;
        // Bytes that are no e-mail: passed over for good, so that they block nothing after them.
        await claim(this.dataSource.manager);
        this.logger.warn({ msg: 'IMAP mailbox: a message that is not an e-mail passed over', uid });
      } finally {
        // A parse that failed midway leaves the download unfinished: it fetches no more.
        content.destroy();
      }
    }
  }

  /** The last UID taken under this UIDVALIDITY; 0 for a new mailbox or a new UIDVALIDITY (recorded here). */
  private async position(mailbox: string, validity: string): Promise<number> {
    const [before] = await this.dataSource.query<Array<{ uid_validity: string }>>(
      'SELECT uid_validity FROM imap_mailboxes WHERE mailbox = $1',
      [mailbox],
    );
    if (before && before.uid_validity !== validity)
      this.logger.warn(
        'IMAP mailbox: its UIDVALIDITY changed; reading it again from the lowest UID (Message-IDs stored are not stored again)',
      );
    const [row] = await this.dataSource.query<Array<{ last_uid: string }>>(
      `INSERT INTO imap_mailboxes (mailbox, uid_validity) VALUES ($1, $2)
       ON CONFLICT (mailbox) DO UPDATE
         SET uid_validity = EXCLUDED.uid_validity,
             last_uid = CASE WHEN imap_mailboxes.uid_validity = EXCLUDED.uid_validity THEN imap_mailboxes.last_uid ELSE 0 END,
             updated_at = CASE WHEN imap_mailboxes.uid_validity = EXCLUDED.uid_validity THEN imap_mailboxes.updated_at ELSE now() END
       RETURNING last_uid`,
      [mailbox, validity],
    );
    return Number(row.last_uid);
  }

  /**
   * Moves the mailbox's last UID forward to `uid`; false when it is there already (taken by
   * another replica or an earlier run). Its row lock makes a second taker wait for the first's
   * commit and then find the UID taken.
   */
  private async advance(manager: EntityManager, mailbox: string, validity: string, uid: number): Promise<boolean> {
    const [{ moved }] = await manager.query<Array<{ moved: number }>>(
      `WITH moved AS (
         UPDATE imap_mailboxes SET last_uid = $3, updated_at = now()
          WHERE mailbox = $1 AND uid_validity = $2 AND last_uid < $3 RETURNING 1)
       SELECT count(*)::int AS moved FROM moved`,
      [mailbox, validity, uid],
    );
    return moved === 1;
  }

  /** Waits `ms`, or less when woken. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
      if (this.stopped) done();
    });
  }
}

/** Logs out politely, within LOGOUT_TIMEOUT_MS, then closes the socket in any case. */
async function quit(imap: ImapFlow): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    imap.logout().catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  imap.close();
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function codeOf(error: unknown): string | undefined {
  const code =
    (error as { code?: unknown; serverResponseCode?: unknown } | null)?.serverResponseCode ??
    (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
