import { waitFor } from './sheets-endpoint.js';

/** One message of a server-sent event stream, as a client reads it. */
export interface StreamMessage {
  event?: string;
  data?: string;
  retry?: string;
  /** A comment line (`: …`), such as the heartbeat. */
  comment?: string;
}

export interface EventStreamClient {
  status: number;
  headers: Headers;
  messages: StreamMessage[];
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  /** Waits (with a deadline) for a message that `match` accepts, and returns it. */
  next(what: string, match: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  close(): void;
}

/** Parses one message block (the lines between blank lines) by the event-stream format. */
function parse(block: string): StreamMessage {
  const message: StreamMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    const field = /^(event|data|retry): ?(.*)$/.exec(line);
    if (field) message[field[1] as 'event' | 'data' | 'retry'] = field[2];
  }
  return message;
}

/** Opens `url` as an event stream with the session `cookie`, reading its messages as they arrive. */
export async function openEventStream(url: string, cookie: string): Promise<EventStreamClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  const messages: StreamMessage[] = [];
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          messages.push(parse(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Closed by this side (close()) or cut: the stream has ended either way.
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    messages,
    ended,
    async next(what, match, timeoutMs = 30_000) {
      await waitFor(what, () => messages.some(match), timeoutMs);
      return messages.find(match)!;
    },
    close: () => abort.abort(),
  };
}

/** Signs in at `baseUrl` (as the development admin unless told); returns the cookies it set, for a Cookie header. */
export async function signInCookie(
  baseUrl: string,
  account = { username: 'admin', password: 'admin-dev-password' },
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
