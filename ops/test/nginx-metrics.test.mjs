// The API's Prometheus metrics are on a port of their own (METRICS_PORT), which nginx never
// proxies: through the real nginx config, /metrics is an unknown page (404) and the API is
// not asked. nginx passes only /api/ on, to the API's port.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startNginx } from './helpers.mjs';

describe('nginx and the metrics', () => {
  /** The paths the stand-in API was asked for (it answers 200 to anything, as metrics would). */
  const asked = [];
  let api;
  let nginx;
  before(async () => {
    api = http.createServer((req, res) => {
      asked.push(req.url);
      res.setHeader('content-type', 'text/plain; version=0.0.4');
      res.end('lead_capture_leads_stored_total{held="false"} 1\n');
    });
    api.listen(0, '127.0.0.1');
    await once(api, 'listening');
    nginx = await startNginx({ apiPorts: [api.address().port], behindProxy: false });
  });
  after(async () => {
    await nginx?.stop();
    api?.close();
  });

  test('GET /metrics answers 404 from nginx, in every spelling, and the API is never asked', async () => {
    for (const pathname of ['/metrics', '/metrics/', '/metrics?name=lead_capture', '/%6Detrics', '/api/../metrics']) {
      const res = await fetch(`http://127.0.0.1:${nginx.port}${pathname}`);
      assert.equal(res.status, 404, pathname);
      assert.doesNotMatch(await res.text(), /lead_capture_/, pathname);
    }
    assert.deepEqual(asked, []);
  });

  test('the check is real: /api/ reaches the stand-in API through the same nginx', async () => {
    const res = await fetch(`http://127.0.0.1:${nginx.port}/api/health/ready`);
    assert.equal(res.status, 200);
    assert.deepEqual(asked, ['/api/health/ready']);
  });
});
