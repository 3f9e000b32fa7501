import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { contactBody } from '../support/contacts.js';
import { createTestApp, signedInAgent, type TestApp } from '../support/test-app.js';

// Finding: a form on another origin of the same site signed the admin out (no body, so the
// JSON content-type check was skipped); nothing checked Origin.
describe('state-changing requests from another origin', () => {
  let sut: TestApp;
  let ours: string;

  beforeAll(async () => {
    sut = await createTestApp();
    const { port } = sut.server.listen(0).address() as { port: number };
    ours = `http://127.0.0.1:${port}`;
  });
  afterAll(() => sut.close());

  it('refuses a sign-out posted by a page of another origin of the same site, and the session lives on', async () => {
    const admin = await signedInAgent(sut);

    const res = await admin.post('/api/auth/logout').set('Origin', 'https://blog.example.com').expect(403);

    expect(res.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Requests from another origin are refused: use this site itself',
    });
    await admin.get('/api/auth/me').expect(200);
  });

  it.each([
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Origin null (a sandboxed frame)', { Origin: 'null' }],
    ['our host over another scheme', { Origin: 'https://127.0.0.1' }],
    ['Sec-Fetch-Site: same-site without Origin', { 'Sec-Fetch-Site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('answers 403 to a submission with %s', async (_, headers) => {
    await request(sut.server).post('/api/contact').set(headers).send(contactBody()).expect(403);
    expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toHaveLength(0);
  });

  it('refuses a sign-in from another origin (login CSRF)', async () => {
    await request(sut.server)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ username: 'admin', password: 'admin-dev-password' })
      .expect(403);
  });

  it('takes requests from our own origin, and from clients that are not browsers', async () => {
    await request(ours)
      .post('/api/contact')
      .set('Origin', ours)
      .set('Sec-Fetch-Site', 'same-origin')
      .send(contactBody())
      .expect(201);
    await request(sut.server).post('/api/contact').send(contactBody()).expect(201);
    await request(sut.server).get('/api/health/live').set('Origin', 'https://evil.example').expect(200);
  });
});
