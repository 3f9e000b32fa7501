import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request received. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type?: string; data?: { id?: string; ids?: string[] }; text?: string };
}

/** A status code; `hang` (no answer until released or stopped); `reset` (the connection dropped); or a redirect. */
export type WebhookAnswer = number | 'hang' | 'reset' | { redirect: string };

/** A real HTTP server on 127.0.0.1 standing in for a team's webhook endpoint: records and answers as told. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  answer: (request: ReceivedWebhook) => WebhookAnswer = () => 200;
  /** The most requests held unanswered at once. */
  mostHanging = 0;
  private readonly hanging = new Set<ServerResponse>();
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const request = {
          path: req.url ?? '',
          headers: req.headers,
          body,
          json: JSON.parse(body || '{}') as ReceivedWebhook['json'],
        };
        receiver.received.push(request);
        const answer = receiver.answer(request);
        if (answer === 'hang') {
          receiver.hanging.add(res);
          receiver.mostHanging = Math.max(receiver.mostHanging, receiver.hanging.size);
          res.on('close', () => receiver.hanging.delete(res));
        } else if (answer === 'reset') req.socket.destroy();
        else if (typeof answer === 'object') res.writeHead(302, { location: answer.redirect }).end();
        else res.writeHead(answer).end('ok');
      });
    });
    server.on('connection', (socket) => {
      receiver.sockets.add(socket);
      socket.on('close', () => receiver.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** The requests whose signature `secret` verifies (throws on any that it does not). */
  verified(secret: string): ReceivedWebhook[] {
    const webhook = new Webhook(secret);
    for (const request of this.received) webhook.verify(request.body, request.headers as Record<string, string>);
    return this.received;
  }

  /** The requests about one lead (`data.id`), or of one event type. */
  about(id: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.json.data?.id === id);
  }

  ofType(type: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.json.type === type);
  }

  get hangingCount(): number {
    return this.hanging.size;
  }

  releaseHanging(): void {
    for (const res of this.hanging) res.writeHead(200).end('ok');
    this.hanging.clear();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.hanging.clear();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
