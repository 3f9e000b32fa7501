import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { access, chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ImapFlow } from 'imapflow';
import { freePort } from './api-process.js';

/** The one mailbox of the test server: its user, password and the IMAP_URL the API is given. */
export const IMAP_USER = 'replies';
export const IMAP_PASSWORD = 'a test password';

export interface ImapServer {
  /** `imap://replies:a%20test%20password@127.0.0.1:<port>/INBOX`: plain IMAP on loopback. */
  url: string;
  port: number;
  /** Appends a raw message to INBOX, as a mail server delivering it would. */
  append(raw: Buffer): Promise<void>;
  /** The server's log, for a failing test's message. */
  log(): Promise<string>;
  stop(): Promise<void>;
}

const DOVECOT = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';

/**
 * A real IMAP server for the tests: Debian's dovecot (`dovecot-imapd`, scripts/system-packages.sh)
 * with a configuration of its own in a temporary folder (no system configuration), listening on
 * a free 127.0.0.1 port, without TLS, one maildir user with a plaintext password. It runs as the
 * current user (as root, the mail is Debian's `dovecot` user's and the logins run as `dovenull`). Stopped by its PID.
 */
export async function startImapServer(): Promise<ImapServer> {
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
  await Promise.all(['run', 'state', 'mail'].map((name) => mkdir(path.join(dir, name))));
  const port = await freePort();
  const me = userInfo();
  const root = me.uid === 0;
  const loginUser = root ? 'dovenull' : me.username;
  const internalUser = root ? 'dovecot' : me.username;
  // Dovecot refuses to read mail as root: as root, the mail is Debian's `dovecot` user's.
  const owner = root ? await systemUser('dovecot') : { uid: me.uid, gid: me.gid };
  if (root) await chown(path.join(dir, 'mail'), owner.uid, owner.gid);
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
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `default_login_user = ${loginUser}`,
      `default_internal_user = ${internalUser}`,
      `first_valid_uid = ${owner.uid}`,
      `mail_location = maildir:${path.join(dir, 'mail', '%u')}`,
      `passdb {\n  driver = passwd-file\n  args = ${path.join(dir, 'passwd')}\n}`,
      `userdb {\n  driver = passwd-file\n  args = ${path.join(dir, 'passwd')}\n}`,
      `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
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
  while (!(await greets(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const detail = await log();
      await stop();
      throw new Error(`dovecot did not start: ${detail}`);
    }
    await sleep(50);
  }

  const url = `imap://${IMAP_USER}:${encodeURIComponent(IMAP_PASSWORD)}@127.0.0.1:${port}/INBOX`;
  return {
    url,
    port,
    log,
    stop,
    async append(raw) {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
        logger: false,
      });
      try {
        await client.connect();
        await client.append('INBOX', raw);
      } catch (error) {
        const { responseText } = error as { responseText?: string };
        throw new Error(`APPEND failed: ${responseText ?? String(error)}\n${(await log()).slice(-2000)}`, { cause: error });
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
  };
}

/** A user of /etc/passwd (the packages' `dovecot`), which must exist. */
async function systemUser(name: string): Promise<{ uid: number; gid: number }> {
  const line = (await readFile('/etc/passwd', 'utf8')).split('\n').find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name}: install dovecot-imapd (scripts/system-packages.sh test)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Whether an IMAP greeting (`* OK`) comes from the port. */
async function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('* OK')));
    socket.once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}
