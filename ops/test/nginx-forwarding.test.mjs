// What the API is told about the client, through the real nginx config: at the edge nginx
// sets X-Forwarded-For and X-Forwarded-Proto from the connection (a client's own values are
// lies that would let it dodge the per-IP limits and fake HTTPS); behind the trusted Ingress
// (NGINX_BEHIND_PROXY=1) it passes the Ingress's on. HSTS only goes out over HTTPS.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startNginx } from './helpers.mjs';

/** Stands in for the API: answers with the request headers it received. */
async function startEchoApi() {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.headers));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

function get(port, pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SPOOFED = { 'X-Forwarded-For': '6.6.6.6', 'X-Forwarded-Proto': 'https' };

describe('nginx forwarding headers', () => {
  let api;
  before(async () => {
    api = await startEchoApi();
  });
  after(() => api.close());

  describe('at the edge (compose, make serve)', () => {
    let nginx;
    before(async () => {
      nginx = await startNginx({ apiPorts: [api.address().port], behindProxy: false });
    });
    after(() => nginx.stop());

    test("sets X-Forwarded-For to the peer's address, dropping a client's own", async () => {
      const seen = JSON.parse((await get(nginx.port, '/api/echo', SPOOFED)).text);
      assert.equal(seen['x-forwarded-for'], '127.0.0.1');
      assert.equal(seen['x-real-ip'], '127.0.0.1');
    });

    test("tells the connection's scheme, not a client's X-Forwarded-Proto", async () => {
      const seen = JSON.parse((await get(nginx.port, '/api/echo', SPOOFED)).text);
      assert.equal(seen['x-forwarded-proto'], 'http');
    });

    test('passes the Host with its port (the API checks Origin against it)', async () => {
      const seen = JSON.parse((await get(nginx.port, '/api/echo')).text);
      assert.equal(seen.host, `127.0.0.1:${nginx.port}`);
    });

    test('sends no HSTS over plain HTTP, even when a client claims HTTPS', async () => {
      for (const pathname of ['/', '/api/echo']) {
        const res = await get(nginx.port, pathname, SPOOFED);
        assert.equal(res.status, 200);
        assert.equal(res.headers['strict-transport-security'], undefined, pathname);
      }
    });
  });

  describe('behind the trusted Ingress (NGINX_BEHIND_PROXY=1, Kubernetes)', () => {
    let nginx;
    before(async () => {
      nginx = await startNginx({ apiPorts: [api.address().port], behindProxy: true });
    });
    after(() => nginx.stop());

    test("keeps the Ingress's client chain and appends the Ingress's address", async () => {
      const seen = JSON.parse((await get(nginx.port, '/api/echo', { 'X-Forwarded-For': '198.51.100.7' })).text);
      assert.equal(seen['x-forwarded-for'], '198.51.100.7, 127.0.0.1');
    });

    test('passes on the scheme the Ingress saw, and sends HSTS when it was HTTPS', async () => {
      const https = await get(nginx.port, '/', { 'X-Forwarded-Proto': 'https' });
      assert.equal(https.headers['strict-transport-security'], 'max-age=31536000');
      const seen = JSON.parse((await get(nginx.port, '/api/echo', { 'X-Forwarded-Proto': 'https' })).text);
      assert.equal(seen['x-forwarded-proto'], 'https');

      const plain = await get(nginx.port, '/', { 'X-Forwarded-Proto': 'http' });
      assert.equal(plain.headers['strict-transport-security'], undefined);
      const nothing = JSON.parse((await get(nginx.port, '/api/echo', { 'X-Forwarded-Proto': 'gopher' })).text);
      assert.equal(nothing['x-forwarded-proto'], 'http');
    });
  });
});
