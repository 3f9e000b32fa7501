import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { contactBody } from '../support/contacts.js';
import { type ApiProcess, buildApi, startApiProcess } from '../support/api-process.js';
import { waitFor } from '../support/sheets-endpoint.js';
import { createTestDatabase } from '../support/test-app.js';

// Finding: a failed insert logged its SQL parameters and the failing row (name, e-mail,
// comments), and an anonymous visitor could make one at will.
describe('logs keep personal data out', () => {
  const marker = `marker${randomBytes(6).toString('hex')}`;
  let api: ApiProcess;
  let databaseUrl: string;

  beforeAll(async () => {
    await buildApi();
    databaseUrl = await createTestDatabase();
    api = await startApiProcess({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', ADMIN_EMAIL: 'admin@example.com' });
    // A rule of the database (not of the API) that this one submission breaks: the insert
    // fails inside PostgreSQL with the marked values in its parameters and its detail.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`ALTER TABLE contact_submissions ADD CONSTRAINT no_marker CHECK (position('${marker}' IN comments) = 0)`);
    await client.end();
  }, 120_000);
  afterAll(() => api?.stop());

  /**
   * Lines reach the test through a pipe, in order: once a later request's line is there,
   * every line of the requests before it is too.
   */
  const everyLineSoFar = async () => {
    const barrierId = `barrier-${randomBytes(4).toString('hex')}`;
    await fetch(`${api.url}/api/admin/contacts`, { headers: { 'x-request-id': barrierId } });
    await waitFor("a later request's log line", () => api.stdout().includes(barrierId));
  };

  it('logs a failed insert without the values that were in it', async () => {
    const body = contactBody({
      name: `Name ${marker}`,
      email: `${marker}@example.com`,
      company: `Company ${marker}`,
      comments: `Comments ${marker}`,
    });
    const res = await fetch(`${api.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    await everyLineSoFar();

    const lines = api.stdout().split('\n').filter(Boolean);
    const errors = lines.filter((line) => JSON.parse(line).level >= 50);
    // The failure itself is logged, so operators learn of it.
    expect(errors.join('\n')).toMatch(/no_marker/);
    expect(lines.filter((line) => line.includes(marker))).toEqual([]);
  });

  it('logs a submission as one compact line: method, path, status, time and request id, no header', async () => {
    const requestId = `req-${randomBytes(4).toString('hex')}`;
    const res = await fetch(`${api.url}/api/contact?utm_source=${marker}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId, cookie: `sid=${marker}` },
      body: JSON.stringify(contactBody({ email: `compact.${randomBytes(3).toString('hex')}@example.com` })),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    await everyLineSoFar();

    const lines = api
      .stdout()
      .split('\n')
      .filter((line) => line.includes(requestId));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(entry.req).toEqual({ id: requestId, method: 'POST', path: '/api/contact' });
    expect(entry.res).toEqual({ statusCode: 201 });
    expect(typeof entry.responseTime).toBe('number');
    expect(lines[0]).not.toContain(marker);
    expect(lines[0]?.length).toBeLessThan(300);
  });

  it('never logs an invitation or password reset token, used, reused or made up', async () => {
    const post = (path: string, body: object, cookie = '') =>
      fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const login = await post('/api/auth/login', { username: 'admin', password: 'admin-dev-password' });
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith('sid='))!
      .split(';')[0];
    const invited = await post('/api/admin/invitations', { email: 'new@example.com', role: 'member' }, cookie);
    expect(invited.status).toBe(201);
    const invitation = (await invited.json()) as { inviteUrl: string };
    const token = new URL(invitation.inviteUrl).hash.slice(1);
    const accept = { token, username: 'newcomer', password: 'a fresh arrival password 1' };
    expect((await post('/api/auth/invitations/accept', accept)).status).toBe(201);
    expect((await post('/api/auth/invitations/accept', accept)).status).toBe(410);
    expect((await post('/api/auth/password-reset', { email: 'admin@example.com' })).status).toBe(202);
    const madeUp = `${token.split('.')[0]}.${'B'.repeat(43)}`;
    expect(
      (await post('/api/auth/password-reset/confirm', { token: madeUp, password: 'a fresh arrival password 1' })).status,
    ).toBe(410);
    await everyLineSoFar();

    const logged = api.stdout();
    expect(logged).toContain('/api/auth/password-reset/confirm');
    expect(logged).not.toContain(token.split('.')[1]);
    expect(logged).not.toContain('B'.repeat(43));
    // Nothing shaped like a token either (the reset link's own never leaves the API).
    expect(logged).not.toMatch(/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/);
  });
});
