import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP hop between the API and PostgreSQL that a test can break like a real outage:
 * `stop()` refuses and cuts every connection (the server down), `freeze()` keeps them open
 * but passes nothing (a hung server or a lost network), `start()`/`thaw()` undo them.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  // What either side sent while frozen, passed on in order at the thaw. (Not pause(): pipe()
  // resumes a paused source, on a new connection at once and on an old one at its next drain.)
  const held: Array<() => void> = [];
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const handle = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server: Server = createServer(handle);
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as { port: number }).port;

  const proxy: TcpProxy = {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.host = `127.0.0.1:${port}`;
      return parsed.toString();
    },
    async stop() {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
    async start() {
      server = createServer(handle);
      await listen(port);
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    async close() {
      await proxy.stop().catch(() => undefined);
    },
  };
  return proxy;
}
