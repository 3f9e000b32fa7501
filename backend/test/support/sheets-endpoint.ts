import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the endpoint received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  body: string;
}

/**
 * How the endpoint answers a request: a status code; `redirect` (302 to /result, as the
 * spreadsheet web-scripts do); `refuse` (200 with `{"ok": false, "error": "bad signature"}`,
 * as the example script answers a request it refuses) or `busy` (the same with
 * `"retry": true`); or `hang` (no answer until `releaseHanging()` or `stop()`).
 */
export type Answer = number | 'redirect' | 'refuse' | 'busy' | 'hang';

/**
 * A real HTTP server on 127.0.0.1 standing in for the spreadsheet web-script: it records
 * every request and answers as `answer` says. It can be stopped (the port closed) and started
 * again on the same port.
 */
export class FakeSheetsEndpoint {
  readonly received: ReceivedRequest[] = [];
  answer: (request: ReceivedRequest) => Answer = () => 200;
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();

  private constructor(readonly port: number) {}

  static async start(): Promise<FakeSheetsEndpoint> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const endpoint = new FakeSheetsEndpoint(port);
    await endpoint.restart();
    return endpoint;
  }

  /** The URL to configure as SHEETS_WEBHOOK_URL. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/exec`;
  }

  /** The POSTs to /exec: one per attempt that reached the endpoint. */
  get posts(): ReceivedRequest[] {
    return this.received.filter((request) => request.method === 'POST' && request.path === '/exec');
  }

  /** The submission ids of the POSTs received, in order. */
  get postedIds(): string[] {
    return this.posts.map((request) => (JSON.parse(request.body) as { id: string }).id);
  }

  /** How many requests are waiting for an answer (`hang`). */
  get hangingCount(): number {
    return this.hanging.size;
  }

  async restart(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.server = server;
  }

  /** Answers every hanging request with 200. */
  releaseHanging(): void {
    for (const res of this.hanging) res.writeHead(200).end('ok');
    this.hanging.clear();
  }

  /** Closes the port and drops every connection. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.hanging.clear();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://endpoint');
    const request: ReceivedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      contentType: req.headers['content-type'],
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.received.push(request);
    const answer = this.answer(request);
    if (answer === 'hang') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res)); // the client gave up
    } else if (answer === 'redirect') {
      res.writeHead(302, { location: `/result?for=${encodeURIComponent(url.searchParams.get('delivery') ?? 'x')}` }).end();
    } else if (answer === 'refuse' || answer === 'busy') {
      const refusal = answer === 'refuse' ? { ok: false, error: 'bad signature' } : { ok: false, retry: true, error: 'busy' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(refusal));
    } else {
      const body = answer === 204 ? undefined : JSON.stringify({ ok: answer < 300 });
      res.writeHead(answer, body === undefined ? {} : { 'content-type': 'application/json' }).end(body);
    }
  }
}

/**
 * Waits until `check` holds, polling; fails with `what` after `timeoutMs`. The default tolerates
 * a loaded machine (a delivery, an e-mail or an event that arrives in milliseconds took over
 * 10 s once with the machine's cores shared by far more than the suite): it asserts arrival.
 * How fast is the benchmarks' question, and a test that promises a time passes its own limit.
 */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
