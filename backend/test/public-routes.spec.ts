import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { contactBody } from './support/contacts.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

describe('public routes', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('do not run the session machinery: a signed-in cookie is neither read nor renewed there', async () => {
    const admin = await signedInAgent(sut);

    const contact = await admin.post('/api/contact').send(contactBody()).expect(201);
    const health = await admin.get('/api/health/live').expect(200);
    const me = await admin.get('/api/auth/me').expect(200);

    expect(contact.headers['set-cookie']).toBeUndefined();
    expect(health.headers['set-cookie']).toBeUndefined();
    // Sessions roll on every admin request: the renewed cookie shows the middleware ran there.
    expect(me.headers['set-cookie']).toEqual([expect.stringMatching(/^sid=/)]);
  });

  it('send every security header, computed once at start-up', async () => {
    const { headers } = await request(sut.server).post('/api/contact').send(contactBody()).expect(201);

    expect(headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(headers['x-powered-by']).toBeUndefined();
  });
});
