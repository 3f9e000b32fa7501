import { createServer } from 'node:http';

/**
 * Global setup: a stand-in for the spreadsheet web-script, so that the e2e server's
 * deliveries have somewhere to go. It answers every POST with `{"ok": true}` and counts the
 * submission ids it received; `GET /received?id=…` tells a test how many times one arrived.
 */
export default async function startSheetsReceiver(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SHEETS_PORT);
  const received = new Map<string, number>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    if (request.method === 'GET' && url.pathname === '/received') {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ count: received.get(url.searchParams.get('id') ?? '') ?? 0 }));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown };
        if (typeof id === 'string') received.set(id, (received.get(id) ?? 0) + 1);
      } catch {
        // Not a submission (an erasure's body, say): answered all the same.
      }
      response.setHeader('Content-Type', 'application/json');
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
