// The dashboard's live events (GET /api/admin/events) through the real nginx config: each
// event reaches the browser as the API writes it, while the stream stays open. The stand-in
// API sends no X-Accel-Buffering header, so the config's own location is what is tested.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { readText, startNginx } from './helpers.mjs';

/** Stands in for the API: an event stream that writes a message whenever `send` is called. */
async function startStreamingApi() {
  const streams = new Set();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    res.write('retry: 2000\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: server.address().port,
    send: (text) => streams.forEach((res) => res.write(text)),
    close: () => {
      streams.forEach((res) => res.end());
      server.close();
    },
  };
}

/** Reads an HTTP answer chunk by chunk; `until(text)` resolves once the text so far contains it. */
function openStream(port, pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      let text = '';
      const waiting = [];
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
        for (const wait of waiting.filter((w) => text.includes(w.needle))) wait.resolve();
      });
      resolve({
        res,
        until: (needle, timeoutMs = 5_000) =>
          new Promise((done, fail) => {
            if (text.includes(needle)) return done();
            waiting.push({ needle, resolve: done });
            setTimeout(
              () => fail(new Error(`no ${JSON.stringify(needle)} within ${timeoutMs} ms; got ${JSON.stringify(text)}`)),
              timeoutMs,
            ).unref();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

describe('nginx and the event stream', () => {
  let api;
  let nginx;
  before(async () => {
    api = await startStreamingApi();
    nginx = await startNginx({ apiPorts: [api.port], behindProxy: false });
  });
  after(async () => {
    api.close();
    await nginx.stop();
  });

  test('passes each event on as it is written, unbuffered and uncompressed', async () => {
    const stream = await openStream(nginx.port, '/api/admin/events');
    assert.equal(stream.res.statusCode, 200);
    assert.equal(stream.res.headers['content-type'], 'text/event-stream; charset=utf-8');
    await stream.until('retry: 2000');
    api.send('event: lead.created\ndata: {"id":"1"}\n\n');
    await stream.until('data: {"id":"1"}');
    api.send(': heartbeat\n\n');
    await stream.until(': heartbeat');
    stream.close();
  });

  test('answers 429 past 20 open streams from one client, and takes a new one once one closes', async () => {
    const open = [];
    for (let i = 0; i < 20; i += 1) {
      const stream = await openStream(nginx.port, '/api/admin/events');
      assert.equal(stream.res.statusCode, 200, `stream ${i + 1}`);
      await stream.until('retry: 2000');
      open.push(stream);
    }

    const refused = await openStream(nginx.port, '/api/admin/events');
    assert.equal(refused.res.statusCode, 429);
    await refused.until('Too many requests');
    refused.close();

    open.pop().close();
    for (let attempt = 0; ; attempt += 1) {
      // nginx counts the closed stream's connection out once it has noticed the close.
      const again = await openStream(nginx.port, '/api/admin/events');
      if (again.res.statusCode === 200) {
        open.push(again);
        break;
      }
      again.close();
      assert.ok(attempt < 50, 'a stream is taken again after one closed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const stream of open) stream.close();
  });

  test("holds an idle stream open longer than the API's 25 s between heartbeats", () => {
    const config = readText('nginx/templates/default.conf.template');
    const location = config.slice(config.indexOf('location = /api/admin/events {'));
    const timeout = /proxy_read_timeout (\d+)s;/.exec(location.slice(0, location.indexOf('\n    }')));
    assert.ok(timeout && Number(timeout[1]) > 25, 'proxy_read_timeout above 25 s in the event stream location');
  });
});

describe('nginx behind the trusted proxy and the event stream', () => {
  let api;
  let nginx;
  before(async () => {
    api = await startStreamingApi();
    nginx = await startNginx({ apiPorts: [api.port], behindProxy: true });
  });
  after(async () => {
    api.close();
    await nginx.stop();
  });

  test("counts streams per client, the proxy's last X-Forwarded-For entry, whatever the client put before it", async () => {
    const open = [];
    for (let i = 0; i < 20; i += 1) {
      const stream = await openStream(nginx.port, '/api/admin/events', { 'X-Forwarded-For': `10.9.9.${i}, 203.0.113.1` });
      assert.equal(stream.res.statusCode, 200, `stream ${i + 1}`);
      open.push(stream);
    }

    const sameClient = await openStream(nginx.port, '/api/admin/events', { 'X-Forwarded-For': '198.18.0.1, 203.0.113.1' });
    const otherClient = await openStream(nginx.port, '/api/admin/events', { 'X-Forwarded-For': '203.0.113.2' });

    assert.equal(sameClient.res.statusCode, 429);
    assert.equal(otherClient.res.statusCode, 200);
    for (const stream of [...open, sameClient, otherClient]) stream.close();
  });
});
