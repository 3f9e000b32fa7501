import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { storedSessionId } from '../../src/identity/hashed-session-store.js';
import { createTestApp, DEV_ADMIN, type TestApp } from '../support/test-app.js';

/** The session cookie an answer sets, if any. */
function sessionCookie(res: request.Response): string | undefined {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('sid='));
}

/** The session id inside a signed cookie value (`s:<id>.<signature>`, URL-encoded). */
function sessionId(cookie: string): string {
  const value = decodeURIComponent(cookie.split(';')[0].slice('sid='.length));
  return value.slice(2, value.lastIndexOf('.'));
}

// Findings: sign-out left the cookie in the browser; session ids were stored in clear; the
// honeypot field was described in /api/docs.
describe('sessions and the API description', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('clears the session cookie at sign-out, with the attributes it was set with', async () => {
    const agent = request.agent(sut.server);
    const set = sessionCookie(await agent.post('/api/auth/login').send(DEV_ADMIN).expect(200))!;

    const cleared = sessionCookie(await agent.post('/api/auth/logout').expect(204));

    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/; Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    for (const attribute of ['Path=/', 'HttpOnly', 'SameSite=Lax']) {
      expect(set).toContain(`; ${attribute}`);
      expect(cleared).toContain(`; ${attribute}`);
    }
  });

  it('stores only the SHA-256 of each session id', async () => {
    const cookie = sessionCookie(await request(sut.server).post('/api/auth/login').send(DEV_ADMIN).expect(200))!;
    const id = sessionId(cookie);

    const rows: Array<{ sid: string }> = await sut.dataSource.query('SELECT sid FROM user_sessions');
    expect(rows.map((row) => row.sid)).toContain(storedSessionId(id));
    expect(rows.map((row) => row.sid)).not.toContain(id);
    await request(sut.server).get('/api/auth/me').set('Cookie', cookie.split(';')[0]).expect(200);
  });

  it('keeps the honeypot field out of the OpenAPI document', async () => {
    const res = await request(sut.server).get('/api/docs-json').expect(200);
    const document = JSON.stringify(res.body);

    expect(res.body.components.schemas.CreateContactDto.properties).toHaveProperty('email');
    expect(document).not.toContain('website');
  });
});
