/** Where the leads' replies are fetched from (IMAP_URL), as imapflow takes it. */
export interface ImapSettings {
  host: string;
  port: number;
  /** `imaps:` (implicit TLS); `imap:` upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
  /** The folder polled, INBOX unless the URL's path names another. */
  mailbox: string;
  /** The mailbox's key in `imap_mailboxes`: server, user and folder, without the password. */
  key: string;
}

/**
 * Reads `imaps://user:pass@host[:993]/Folder` or `imap://user:pass@host[:143]/Folder` (user and
 * password URL-encoded, the folder INBOX when the path is empty). Throws on anything else; the
 * error never repeats the URL, which holds a password.
 */
export function parseImapUrl(value: string): ImapSettings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('not a URL');
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') throw new Error('not imap: or imaps:');
  if (!url.hostname) throw new Error('no host');
  if (!url.username || !url.password) throw new Error('no user or password');
  if (url.search || url.hash) throw new Error('a query or fragment');
  const secure = url.protocol === 'imaps:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const user = decodeURIComponent(url.username);
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, '').replace(/\/+$/, '')) || 'INBOX';
  return {
    host,
    port,
    secure,
    user,
    pass: decodeURIComponent(url.password),
    mailbox,
    key: `${user}@${host}:${port}/${mailbox}`,
  };
}
