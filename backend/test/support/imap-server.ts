import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { access, chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import { freePort } from './api-process.js';

/** The one mailbox of the test server: its user, password and the IMAP_URL the API is given. */
export const IMAP_USER = 'replies';
export const IMAP_PASSWORD = 'a test password';

export interface ImapServerOptions {
  /** The folder the API reads (IMAP_URL's path), made at start when not INBOX. INBOX unless told. */
  mailbox?: string;
  /** Whether the server advertises IDLE (RFC 2177); without it a client can only poll. True unless told. */
  idle?: boolean;
  /**
   * Implicit TLS only (`imaps://`), with a certificate for 127.0.0.1 signed by a CA made for this
   * server alone (`caFile`): nobody trusts it unless told to. False unless told.
   */
  tls?: boolean;
  /** The port to listen on, for a caller that names it before the server starts (the browser suite's). A free one unless told. */
  port?: number;
}

export interface ImapServer {
  /**
   * `imap://replies:a%20test%20password@127.0.0.1:<port>/INBOX`: plain IMAP on loopback
   * (`imaps://` with `tls`, the path the `mailbox` option's).
   */
  url: string;
  port: number;
  /** With `tls`: the PEM file of the CA that signed the server's certificate (for NODE_EXTRA_CA_CERTS). */
  caFile: string | undefined;
  /** Appends a raw message to the folder, as a mail server delivering it would. */
  append(raw: Buffer): Promise<void>;
  /**
   * Deletes the folder with its messages and makes it again, empty, as a restored or rebuilt
   * server would: the new folder has another UIDVALIDITY (returned) and its UIDs start at 1.
   */
  recreateMailbox(): Promise<string>;
  /**
   * The commands each client session sent after its login (`EXAMINE`, `NOOP`, `UID SEARCH`, `IDLE`…,
   * without tags and arguments), sessions in the order they began: the server's own record (rawlog).
   */
  sessions(): Promise<string[][]>;
  /** What the server advertises to a signed-in client (CAPABILITY), as an IMAP client sees it. */
  capabilities(): Promise<string[]>;
  /** The server's log, for a failing test's message. */
  log(): Promise<string>;
  stop(): Promise<void>;
}

const DOVECOT = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';

/**
 * A small server's capabilities, without IDLE. Dovecot's `imap_capability` replaces its whole
 * list after login (2.3 can add to the list with a leading `+`, but not take one out).
 */
const CAPABILITIES_WITHOUT_IDLE = 'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+ NAMESPACE UNSELECT CHILDREN UIDPLUS';

/**
 * A real IMAP server for the tests: Debian's dovecot (`dovecot-imapd`, scripts/system-packages.sh)
 * with a configuration of its own in a temporary folder (no system configuration), listening on
 * a free 127.0.0.1 port, without TLS unless `tls`, one maildir user with a plaintext password. It runs as the
 * current user (as root, the mail is Debian's `dovecot` user's and the logins run as `dovenull`). Stopped by its PID.
 */
export async function startImapServer(options: ImapServerOptions = {}): Promise<ImapServer> {
  const { mailbox = 'INBOX', idle = true, tls = false } = options;
  if (
    !(await access(DOVECOT).then(
      () => true,
      () => false,
    ))
  )
    throw new Error(`${DOVECOT} is missing: install dovecot-imapd (bash scripts/system-packages.sh test), or set DOVECOT_BIN`);
  const dir = await mkdtemp(path.join(tmpdir(), 'imap-test-'));
  // Traversable by the unprivileged login processes when the tests run as root.
  await chmod(dir, 0o755);
  await Promise.all(['run', 'state', 'mail', 'rawlog'].map((name) => mkdir(path.join(dir, name))));
  const port = options.port ?? (await freePort());
  const me = userInfo();
  const root = me.uid === 0;
  const loginUser = root ? 'dovenull' : me.username;
  const internalUser = root ? 'dovecot' : me.username;
  // Dovecot refuses to read mail as root: as root, the mail is Debian's `dovecot` user's.
  const owner = root ? await systemUser('dovecot') : { uid: me.uid, gid: me.gid };
  if (root) await Promise.all(['mail', 'rawlog'].map((name) => chown(path.join(dir, name), owner.uid, owner.gid)));
  const certificate = tls ? await makeCertificate(dir) : undefined;
  await writeFile(
    path.join(dir, 'passwd'),
    `${IMAP_USER}:{PLAIN}${IMAP_PASSWORD}:${owner.uid}:${owner.gid}::${path.join(dir, 'mail', IMAP_USER)}\n`,
  );
  const conf = path.join(dir, 'dovecot.conf');
  await writeFile(
    conf,
    [
      `instance_name = imap-test-${port}`,
      `base_dir = ${path.join(dir, 'run')}`,
      `state_dir = ${path.join(dir, 'state')}`,
      `log_path = ${path.join(dir, 'dovecot.log')}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      // `required`: no login without TLS, and the only listener is the implicit-TLS one.
      ...(certificate
        ? ['ssl = required', `ssl_cert = <${certificate.certFile}`, `ssl_key = <${certificate.keyFile}`]
        : ['ssl = no']),
      ...(idle ? [] : [`imap_capability = ${CAPABILITIES_WITHOUT_IDLE}`]),
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `default_login_user = ${loginUser}`,
      `default_internal_user = ${internalUser}`,
      `first_valid_uid = ${owner.uid}`,
      `mail_location = maildir:${path.join(dir, 'mail', '%u')}`,
      // What each session's client sent, for `sessions()`.
      `rawlog_dir = ${path.join(dir, 'rawlog')}`,
      `passdb {\n  driver = passwd-file\n  args = ${path.join(dir, 'passwd')}\n}`,
      `userdb {\n  driver = passwd-file\n  args = ${path.join(dir, 'passwd')}\n}`,
      `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${tls ? 0 : port}\n  }\n  inet_listener imaps {\n    address = 127.0.0.1\n    port = ${tls ? port : 0}\n  }\n}`,
      // Nothing else of the machine's: no stats socket under /var/run, no other listeners.
      'service stats {\n  unix_listener stats-reader {\n    mode = 0600\n  }\n  unix_listener stats-writer {\n    mode = 0666\n  }\n}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(DOVECOT, ['-c', conf, '-F'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const log = async () => `${output}${await readFile(path.join(dir, 'dovecot.log'), 'utf8').catch(() => '')}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await greets(port, certificate?.ca))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const detail = await log();
      await stop();
      throw new Error(`dovecot did not start: ${detail}`);
    }
    await sleep(50);
  }

  /** A signed-in client of the test's own (over TLS trusting the server's CA with `tls`), for `work`. */
  const session = async <T>(what: string, work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: tls,
      tls: certificate ? { ca: certificate.ca } : undefined,
      auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
      logger: false,
    });
    try {
      await client.connect();
      return await work(client);
    } catch (error) {
      const { responseText } = error as { responseText?: string };
      throw new Error(`${what} failed: ${responseText ?? String(error)}\n${(await log()).slice(-2000)}`, { cause: error });
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  if (mailbox !== 'INBOX') await session('CREATE', (client) => client.mailboxCreate(mailbox));

  const url = `${tls ? 'imaps' : 'imap'}://${IMAP_USER}:${encodeURIComponent(IMAP_PASSWORD)}@127.0.0.1:${port}/${encodeURIComponent(mailbox)}`;
  return {
    url,
    port,
    caFile: certificate?.caFile,
    log,
    stop,
    async append(raw) {
      // Right after the folder was rebuilt, dovecot may refuse once ("Mailbox was deleted under
      // us") while the API's session still reads the old index: a delivering mail server tries
      // again, and so does this.
      for (let attempt = 1; ; attempt += 1) {
        try {
          return void (await session('APPEND', (client) => client.append(mailbox, raw)));
        } catch (error) {
          if (attempt === 5 || !String(error).includes('deleted under us')) throw error;
          await sleep(200);
        }
      }
    },
    async recreateMailbox() {
      if (mailbox === 'INBOX') throw new Error('INBOX cannot be deleted: start the server with another mailbox');
      return session('DELETE and CREATE', async (client) => {
        await client.mailboxDelete(mailbox);
        await client.mailboxCreate(mailbox);
        const status = await client.status(mailbox, { uidValidity: true });
        if (!status) throw new Error('no STATUS');
        return String(status.uidValidity);
      });
    },
    async sessions() {
      // One `<date>-<time>.<pid>.<n>.in` file per session (dovecot's rawlog_dir), oldest first.
      const inputs = (await readdir(path.join(dir, 'rawlog'))).filter((name) => name.endsWith('.in')).sort();
      return Promise.all(
        inputs.map(async (name) =>
          // `<timestamp> <tag> <command> …` lines; a literal's lines (an APPEND's message) match no command.
          [
            ...(await readFile(path.join(dir, 'rawlog', name), 'utf8')).matchAll(/^\d+\.\d+ [A-Za-z0-9]+ ((?:UID )?[A-Z]+)\b/gm),
          ].map((match) => match[1]),
        ),
      );
    },
    capabilities() {
      return session('CAPABILITY', (client) => Promise.resolve([...client.capabilities.keys()]));
    },
  };
}

/**
 * A CA of its own (never trusted by anyone but who is given `caFile`) and a server certificate
 * for 127.0.0.1 it signs, made with the openssl CLI into `dir`. EC keys: made at once.
 */
async function makeCertificate(dir: string): Promise<{ ca: string; caFile: string; certFile: string; keyFile: string }> {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => promisify(execFile)('openssl', args);
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await openssl(
    'req',
    '-x509',
    ...ecKey,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=imap test CA',
  );
  await openssl('req', ...ecKey, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1');
  // Node checks an IP address against the certificate's IP subjectAltName, never the CN.
  await writeFile(file('server.ext'), 'subjectAltName = IP:127.0.0.1\nextendedKeyUsage = serverAuth\n');
  await openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  );
  return {
    ca: await readFile(file('ca.pem'), 'utf8'),
    caFile: file('ca.pem'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
  };
}

/** A user of /etc/passwd (the packages' `dovecot`), which must exist. */
async function systemUser(name: string): Promise<{ uid: number; gid: number }> {
  const line = (await readFile('/etc/passwd', 'utf8')).split('\n').find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name}: install dovecot-imapd (scripts/system-packages.sh test)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Whether an IMAP greeting (`* OK`) comes from the port (over TLS, trusting `ca`, when given). */
async function greets(port: number, ca?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = ca ? tlsConnect({ port, host: '127.0.0.1', ca }) : connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('* OK')));
    socket.once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}
