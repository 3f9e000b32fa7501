// Which Host the real nginx config serves. A password-reset request naming a stranger's Host
// (`evil.example:8090`, or `127.0.0.1:8090@evil.example`) once reached the API, which built the
// e-mailed link from it. The API now builds links from PUBLIC_URL alone; with NGINX_SERVER_NAME
// set, nginx answers such a request 421 before anything is proxied, and the landing page's
// canonical and Open Graph URLs name the site, never the request's Host.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startNginx } from './helpers.mjs';

const LANDING =
  '<!doctype html><link rel="canonical" href="%SITE_ORIGIN%/" /><meta property="og:url" content="%SITE_ORIGIN%/" />';

/** Stands in for the API: counts what reaches it and answers 202 as the reset request does. */
async function startCountingApi() {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, host: req.headers.host });
    req.resume();
    req.on('end', () => {
      res.statusCode = 202;
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, seen };
}

/** One request with exactly this Host header (fetch would not let us set it). */
function send(port, { method = 'GET', pathname = '/', host, body }) {
  return new Promise((resolve, reject) => {
    const headers = { host, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) };
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const resetRequest = (port, host) =>
  send(port, {
    method: 'POST',
    pathname: '/api/auth/password-reset',
    host,
    body: JSON.stringify({ email: 'admin@example.com' }),
  });

const ATTACKS = ['evil.example:8090', '127.0.0.1:8090@evil.example'];

describe('nginx and the Host header', () => {
  let api;
  before(async () => {
    api = await startCountingApi();
  });
  after(() => api.server.close());

  describe('with NGINX_SERVER_NAME', () => {
    let nginx;
    before(async () => {
      nginx = await startNginx({ apiPorts: [api.server.address().port], serverName: 'Leads.Example.com', indexHtml: LANDING });
    });
    after(() => nginx.stop());

    for (const host of ATTACKS) {
      test(`answers a password-reset request for Host ${host} with 421, and the API never sees it`, async () => {
        const before = api.seen.length;
        const res = await resetRequest(nginx.port, host);
        assert.equal(res.status, 421);
        assert.equal(api.seen.length, before);
      });
    }

    test('answers any page for another host with 421, but /healthz (probes) for any', async () => {
      assert.equal((await send(nginx.port, { host: 'evil.example' })).status, 421);
      assert.equal((await send(nginx.port, { pathname: '/admin', host: `127.0.0.1:${nginx.port}` })).status, 421);
      assert.equal((await send(nginx.port, { pathname: '/healthz', host: '10.1.2.3:8080' })).status, 200);
    });

    test('serves the site for its own name, with or without a port, in any case', async () => {
      for (const host of ['leads.example.com', 'LEADS.example.com:8443']) {
        const res = await resetRequest(nginx.port, host);
        assert.equal(res.status, 202, host);
        assert.equal(api.seen.at(-1).host, host);
      }
    });

    test("names the site in the landing page's canonical and Open Graph URLs, never the request's Host", async () => {
      const res = await send(nginx.port, { host: 'leads.example.com:8443' });
      assert.equal(res.status, 200);
      assert.ok(res.text.includes('<link rel="canonical" href="http://leads.example.com/" />'), res.text);
      assert.ok(res.text.includes('<meta property="og:url" content="http://leads.example.com/" />'), res.text);
    });
  });

  // Finding: with NGINX_SERVER_NAME unset (the default of make serve and compose), the landing
  // page echoed a foreign Host. Where PUBLIC_URL is set, its host is the site's name.
  describe('without NGINX_SERVER_NAME but with PUBLIC_URL (compose, Kubernetes, make serve)', () => {
    let nginx;
    before(async () => {
      nginx = await startNginx({
        apiPorts: [api.server.address().port],
        serverName: '',
        publicUrl: 'https://Leads.Example.com:8443/inbox',
        indexHtml: LANDING,
      });
    });
    after(() => nginx.stop());

    test('answers a foreign host 421 before the API sees it, and names PUBLIC_URL (its scheme and port too)', async () => {
      const before = api.seen.length;
      for (const host of ATTACKS) assert.equal((await resetRequest(nginx.port, host)).status, 421, host);
      assert.equal((await send(nginx.port, { host: 'evil.example' })).status, 421);
      assert.equal(api.seen.length, before);
      const page = await send(nginx.port, { host: 'leads.example.com' });
      assert.equal(page.status, 200);
      assert.ok(page.text.includes('<link rel="canonical" href="https://leads.example.com:8443/" />'), page.text);
    });
  });

  describe('without NGINX_SERVER_NAME or PUBLIC_URL (any host, as the tests run)', () => {
    let nginx;
    before(async () => {
      nginx = await startNginx({ apiPorts: [api.server.address().port], serverName: '', publicUrl: '', indexHtml: LANDING });
    });
    after(() => nginx.stop());

    test('passes any host on (the API builds links from PUBLIC_URL, not from it)', async () => {
      assert.equal((await resetRequest(nginx.port, 'evil.example:8090')).status, 202);
      assert.equal(api.seen.at(-1).host, 'evil.example:8090');
    });

    test('writes a plain request host into the landing page, and nothing that is not one', async () => {
      const plain = await send(nginx.port, { host: `127.0.0.1:${nginx.port}` });
      assert.ok(plain.text.includes(`<link rel="canonical" href="http://127.0.0.1:${nginx.port}/" />`), plain.text);
      const smuggled = await send(nginx.port, { host: 'evil.example@x"onmouseover=alert(1)' });
      if (smuggled.status === 200) {
        assert.ok(!smuggled.text.includes('evil'), smuggled.text);
        assert.ok(smuggled.text.includes('<link rel="canonical" href="http://localhost/" />'), smuggled.text);
      } else {
        assert.equal(smuggled.status, 400);
      }
    });
  });
});
