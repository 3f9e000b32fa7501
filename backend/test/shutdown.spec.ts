import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import http from 'node:http';
import { connect } from 'node:net';
import pg from 'pg';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createTestDatabase } from './support/test-app.js';

/** A rolling deploy sends SIGTERM: requests in flight must still be answered, and the exit is bounded. */
describe('graceful shutdown (SIGTERM)', () => {
  let databaseUrl: string;
  let api: ApiProcess;

  beforeAll(async () => {
    await buildApi();
    databaseUrl = await createTestDatabase();
  }, 120_000);
  afterEach(() => api?.stop('SIGKILL'));
  afterAll(() => api?.stop('SIGKILL'));

  const start = async (delayMs: number) => {
    api = await startApiProcess({ DATABASE_URL: databaseUrl, SHUTDOWN_DELAY_MS: String(delayMs) });
    return api;
  };
  const exitedWithin = async (ms: number) => {
    const started = Date.now();
    if (api.child.exitCode === null && api.child.signalCode === null) await once(api.child, 'exit');
    const took = Date.now() - started;
    expect(took).toBeLessThan(ms);
    return took;
  };

  const queryDatabase = async (sql: string): Promise<unknown[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  const login = (password: string) =>
    fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.99' },
      body: JSON.stringify({ username: 'admin', password }),
    });

  it('answers the request in flight, then stops taking new ones and exits', async () => {
    await start(200);
    // Three failed sign-ins make the next one wait a second before it answers: a slow request.
    for (const attempt of [1, 2, 3]) expect((await login(`wrong-${attempt}`)).status).toBe(401);
    const inFlight = login('wrong-4');
    // The attempt is counted before its wait: once it is, the request is in flight.
    await waitFor(
      'the fourth attempt counted',
      async () => (await queryDatabase('SELECT 1 FROM rate_limits WHERE hits >= 4')).length > 0,
    );

    const exited = api.stop('SIGTERM');
    const res = await inFlight;
    await exited;

    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid username or password' });
    await expect(fetch(`${api.url}/api/health/live`)).rejects.toThrow();
    expect(api.child.exitCode).toBe(0);
  });

  it('says not ready at once, keeps serving with Connection: close during the delay, then exits', async () => {
    await start(1500);
    api.child.kill('SIGTERM');
    let ready = await fetch(`${api.url}/api/health/ready`);
    // "At once": within the time a signal takes to reach the process and its handler.
    await waitFor('ready to answer 503', async () => (ready = await fetch(`${api.url}/api/health/ready`)).status === 503, 1000);

    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ message: 'shutting down' });
    const live = await fetch(`${api.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    const took = await exitedWithin(10_000);
    console.log(`SIGTERM with a 1.5 s delay and no traffic: exited in ${took} ms`);
  });

  it('closes an idle keep-alive connection without waiting for its client', async () => {
    await start(200);
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http.get(`${api.url}/api/health/live`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
    });
    api.child.kill('SIGTERM');
    const took = await exitedWithin(5_000);
    console.log(`SIGTERM with an idle keep-alive connection open: exited in ${took} ms`);
    agent.destroy();
  });

  it('exits within 25 s while a client stalls halfway through its body', async () => {
    await start(200);
    const socket = connect(Number(new URL(api.url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => undefined);
    // Expect: 100-continue: the server's "100 Continue" says it has the request and waits for its body.
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
    );
    const [continued] = (await once(socket, 'data')) as [Buffer];
    expect(continued.toString()).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write('{"name":"Ada');
    api.child.kill('SIGTERM');
    const took = await exitedWithin(25_000);
    console.log(`SIGTERM with a stalled upload: exited in ${took} ms`);
    expect(api.child.exitCode).toBe(0);
    socket.destroy();
  });
});
