import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import http from 'node:http';
import { connect } from 'node:net';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
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
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = api.stop('SIGTERM');
    const res = await inFlight;
    await exited;

    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid username or password' });
    await expect(fetch(`${api.url}/api/health/live`)).rejects.toThrow();
    expect(api.child.exitCode).toBe(0);
  }, 30_000);

  it('says not ready at once, keeps serving with Connection: close during the delay, then exits', async () => {
    await start(1500);
    api.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const ready = await fetch(`${api.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ message: 'shutting down' });
    const live = await fetch(`${api.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    const took = await exitedWithin(10_000);
    console.log(`SIGTERM with a 1.5 s delay and no traffic: exited in ${took} ms`);
  }, 30_000);

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
  }, 30_000);

  it('exits within 25 s while a client stalls halfway through its body', async () => {
    await start(200);
    const socket = connect(Number(new URL(api.url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"Ada',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    api.child.kill('SIGTERM');
    const took = await exitedWithin(25_000);
    console.log(`SIGTERM with a stalled upload: exited in ${took} ms`);
    expect(api.child.exitCode).toBe(0);
    socket.destroy();
  }, 40_000);
});
