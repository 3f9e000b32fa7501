import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { contactBody } from './support/contacts.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.js';

/** Readiness and the answers while the database is down or hung (behind a breakable TCP hop). */
describe('health and database outages', () => {
  let sut: TestApp;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const { hostname, port } = new URL(databaseUrl);
    proxy = await startTcpProxy({ host: hostname, port: Number(port) });
    sut = await createTestApp({
      databaseUrl: proxy.urlFor(databaseUrl),
      env: { CONTACT_RATE_LIMIT: '10000', DATABASE_ACQUIRE_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '1500' },
    });
  });
  afterAll(async () => {
    proxy.thaw();
    await sut.close();
    await proxy.close();
  });

  const timed = async <T>(run: () => Promise<T>) => {
    const started = Date.now();
    const result = await run();
    return { result, ms: Date.now() - started };
  };

  it('is live and ready with a reachable database', async () => {
    await request(sut.server).get('/api/health/live').expect(200, { status: 'ok' });
    await request(sut.server).get('/api/health/ready').expect(200, { status: 'ok' });
  });

  it('answers 503 with Retry-After, fast, while the database is stopped; ready again once it is back', async () => {
    await proxy.stop();
    try {
      const ready = await timed(() => request(sut.server).get('/api/health/ready'));
      expect(ready.result.status).toBe(503);
      expect(ready.result.body).toMatchObject({ statusCode: 503, message: 'database unreachable' });
      expect(ready.ms).toBeLessThan(1000);
      await request(sut.server).get('/api/health/live').expect(200);

      for (let i = 0; i < 3; i++) {
        const post = await timed(() => request(sut.server).post('/api/contact').send(contactBody()));
        expect(post.result.status).toBe(503);
        expect(post.result.headers['retry-after']).toBe('5');
        expect(post.result.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
        expect(post.ms).toBeLessThan(2000);
      }
    } finally {
      await proxy.start();
    }
    await request(sut.server).get('/api/health/ready').expect(200);
    await request(sut.server).post('/api/contact').send(contactBody()).expect(201);
  });

  it('answers 503 within its own time limits while the database hangs; ready says so within 1 s', async () => {
    proxy.freeze();
    try {
      const [ready, post] = await Promise.all([
        timed(() => request(sut.server).get('/api/health/ready')),
        timed(() => request(sut.server).post('/api/contact').send(contactBody())),
      ]);
      console.log(`database hung: ready ${ready.result.status} in ${ready.ms} ms, POST ${post.result.status} in ${post.ms} ms`);
      expect(ready.result.status).toBe(503);
      expect(ready.ms).toBeLessThan(1000);
      expect(post.result.status).toBe(503);
      expect(post.result.headers['retry-after']).toBe('5');
      // Acquire (1 s) or statement limits (1.5 s + 1 s client side), never nginx's 30 s.
      expect(post.ms).toBeLessThan(5000);
    } finally {
      proxy.thaw();
    }
  });
});
