import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, DEV_ADMIN, type TestApp } from './support/test-app.js';

describe('sign-in audit', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('records each sign-in, successful or not, without the password or the username typed', async () => {
    await request(sut.server).post('/api/auth/login').send({ username: 'admin', password: 'wrong password 1' }).expect(401);
    await request(sut.server).post('/api/auth/login').send({ username: 'mallory@example.com', password: 'guess' }).expect(401);
    await request(sut.server).post('/api/auth/login').send(DEV_ADMIN).expect(200);

    const [{ id: adminId }] = await sut.dataSource.query(`SELECT id FROM users WHERE username = 'admin'`);
    const events = await sut.dataSource.query(
      `SELECT actor, actor_id, action, submission_id, detail FROM audit_events ORDER BY id`,
    );
    expect(events).toEqual([
      { actor: null, actor_id: null, action: 'sign-in', submission_id: null, detail: { succeeded: false } },
      { actor: null, actor_id: null, action: 'sign-in', submission_id: null, detail: { succeeded: false } },
      { actor: 'admin', actor_id: adminId, action: 'sign-in', submission_id: null, detail: { succeeded: true } },
    ]);
    const everything = JSON.stringify(await sut.dataSource.query('SELECT * FROM audit_events'));
    expect(everything).not.toMatch(/wrong password|guess|mallory|admin-dev-password/);
  });
});
