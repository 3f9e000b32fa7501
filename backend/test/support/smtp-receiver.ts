import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the receiving server saw it: the parsed e-mail and how the client connected. */
export interface ReceivedMail {
  mail: ParsedMail;
  envelopeTo: string[];
  /** Whether the session was encrypted (STARTTLS) when the message came. */
  secure: boolean;
  user: string | undefined;
  /** When it was taken (Date.now()). */
  at: number;
}

export interface SmtpReceiver {
  port: number;
  user: string;
  password: string;
  received: ReceivedMail[];
  /** An SMTP_URL for this server (STARTTLS required, its self-signed certificate accepted). */
  url: string;
  /**
   * While true, each message is taken (kept in `received`) but its 250 is held back until
   * `release()`: the client cannot tell it arrived, as when it dies mid-send.
   */
  holding: boolean;
  /** Messages whose answer is held. */
  readonly heldCount: number;
  release(): void;
  close(): Promise<void>;
}

/** Recipients this server refuses with a permanent 550. */
export const REFUSED_RECIPIENT = 'refused@example.com';

/** A recipient this server refuses with a temporary 451 the first time (greylisting), then takes. */
export const GREYLISTED_RECIPIENT = 'greylisted@example.com';

/**
 * A self-signed certificate for localhost, made with openssl for this run only. An EC key:
 * made at once, where an RSA key of 2,048 bits took about a quarter of a CPU-second a file.
 */
async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'smtp-cert-'));
  try {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    return { key: await readFile(path.join(dir, 'key.pem')), cert: await readFile(path.join(dir, 'cert.pem')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A real SMTP server in the test process: STARTTLS and AUTH on (AUTH only after STARTTLS). */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const { key, cert } = await selfSignedCertificate();
  const user = 'mailer';
  const password = 'mail-secret';
  const received: ReceivedMail[] = [];
  let greylisted = false;
  const held: Array<() => void> = [];
  let holding = false;
  const server = new SMTPServer({
    key,
    cert,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED_RECIPIENT) {
        const refusal = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
        refusal.responseCode = 550;
        callback(refusal);
      } else if (address.address === GREYLISTED_RECIPIENT && !greylisted) {
        greylisted = true;
        const later = new Error('4.7.1 Greylisted, try again later') as Error & { responseCode: number };
        later.responseCode = 451;
        callback(later);
      } else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            mail,
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            secure: session.secure,
            user: session.user as string | undefined,
            at: Date.now(),
          });
          if (holding) held.push(() => callback());
          else callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    user,
    password,
    received,
    url: `smtp://${user}:${password}@127.0.0.1:${port}?requireTLS=true&tls.rejectUnauthorized=false`,
    get holding() {
      return holding;
    },
    set holding(hold: boolean) {
      holding = hold;
    },
    get heldCount() {
      return held.length;
    },
    release() {
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
