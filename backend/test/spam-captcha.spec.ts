import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { FormTokens } from '../src/intake/spam/form-tokens.service.js';
import { contactBody } from './support/contacts.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

/** A captcha provider's verify endpoint: answers `{ success }` as Turnstile and hCaptcha do; records what it was sent. */
async function startVerifier(): Promise<{ server: Server; url: string; forms: URLSearchParams[] }> {
  const forms: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      forms.push(form);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: form.get('response') === 'good-answer' && form.get('secret') === 'the-secret' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`, forms };
}

describe('captcha', () => {
  let verifier: Awaited<ReturnType<typeof startVerifier>>;
  let sut: TestApp;
  let unreachable: TestApp;

  beforeAll(async () => {
    verifier = await startVerifier();
    const captcha = {
      SPAM_FILTER: 'on',
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SITE_KEY: 'site-key-1',
      CAPTCHA_SECRET: 'the-secret',
      CONTACT_RATE_LIMIT: '1000',
    };
    sut = await createTestApp({ env: { ...captcha, CAPTCHA_VERIFY_URL: verifier.url } });
    // A port nothing listens on: the provider cannot be reached.
    unreachable = await createTestApp({ env: { ...captcha, CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' } });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([sut?.close(), unreachable?.close()]);
    await new Promise((resolve) => verifier?.server.close(resolve));
  });

  const submitted = async (app: TestApp, captchaToken?: string) => {
    const formToken = app.app.get(FormTokens).issue(Date.now() - 10_000).token;
    const { id } = (await request(app.server).post('/api/contact').send(contactBody({ formToken, captchaToken })).expect(201))
      .body;
    const admin = await signedInAgent(app);
    return (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;
  };

  it('tells the form which widget to show', async () => {
    const { body } = await request(sut.server).get('/api/contact/token').expect(200);
    expect(body).toEqual({
      token: expect.stringMatching(/^[0-9a-z]+\.[\w-]+$/),
      captcha: { provider: 'turnstile', siteKey: 'site-key-1' },
    });
  });

  it('lets a solved captcha through, verified with the secret and the answer', async () => {
    const lead = await submitted(sut, 'good-answer');
    expect(lead).toMatchObject({ heldAsSpam: false, status: 'new', spamReasons: [] });
    expect(verifier.forms.at(-1)?.get('secret')).toBe('the-secret');
  });

  it('holds a submission whose captcha answer is refused or missing', async () => {
    for (const answer of ['bad-answer', undefined]) {
      const lead = await submitted(sut, answer);
      expect(lead).toMatchObject({ heldAsSpam: true, status: 'spam', spamReasons: ['captcha-failed'] });
    }
  });

  it('holds nothing because the provider cannot be reached', async () => {
    const lead = await submitted(unreachable, 'good-answer');
    expect(lead).toMatchObject({ heldAsSpam: false, spamReasons: [] });
  });
});
