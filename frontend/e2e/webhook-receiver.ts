import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A team's endpoint on 127.0.0.1: counts what it receives and answers `status`. */
export async function startReceiver() {
  const state = { status: 200, received: [] as string[] };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      state.received.push(body);
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { state, url, stop: () => new Promise((resolve) => server.close(resolve)) };
}
