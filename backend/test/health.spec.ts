import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('health', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('is live and ready with a reachable database', async () => {
    await request(sut.server).get('/api/health/live').expect(200, { status: 'ok' });
    await request(sut.server).get('/api/health/ready').expect(200, { status: 'ok' });
  });

  it('is live but not ready once the database is gone', async () => {
    await sut.dataSource.destroy();

    await request(sut.server).get('/api/health/live').expect(200);
    const res = await request(sut.server).get('/api/health/ready').expect(503);
    expect(res.body).toMatchObject({ statusCode: 503, message: 'database unreachable' });
  });
});
