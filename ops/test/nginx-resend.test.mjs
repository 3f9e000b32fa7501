// Which requests nginx sends to the other replica after the first one dropped the connection
// having read the whole request (what a stopping replica does to requests still in its
// accept queue). A POST with an Idempotency-Key is sent again (the API answers a repeated
// key with its first answer); a POST without one is not (the API may have stored it), and
// the client gets nginx's 503.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startNginx } from './helpers.mjs';

/** A replica that reads each request whole, then resets the connection without answering. */
async function startDroppingReplica() {
  const seen = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(req.headers['idempotency-key'] ?? null);
      res.socket.resetAndDestroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, seen };
}

/** A replica that answers every request 201 with the key it got. */
async function startAnsweringReplica() {
  const seen = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(req.headers['idempotency-key'] ?? null);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ key: req.headers['idempotency-key'] ?? null }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, seen };
}

function post(port, headers) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ name: 'Ada' });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/contact',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('nginx sends a POST to the other replica only when it carries an Idempotency-Key', () => {
  let dropping;
  let answering;
  let nginx;
  before(async () => {
    dropping = await startDroppingReplica();
    answering = await startAnsweringReplica();
  });
  after(async () => {
    await nginx?.stop();
    dropping.server.close();
    answering.server.close();
  });

  // A fresh nginx per test, so each starts its round robin afresh.
  const withNginx = async (run, replicas = [dropping, answering]) => {
    nginx = await startNginx({ apiPorts: replicas.map((replica) => replica.server.address().port), apiRate: '0' });
    try {
      await run(nginx.port);
    } finally {
      await nginx.stop();
      nginx = undefined;
    }
  };

  test('keyed POSTs: every one answered 201, those that met the dropping replica sent again', async () => {
    await withNginx(async (port) => {
      dropping.seen.length = 0;
      answering.seen.length = 0;
      const keys = ['form-key-0001', 'form-key-0002'];
      const answers = [];
      for (const key of keys) answers.push(await post(port, { 'idempotency-key': key }));
      console.log(
        `keyed POSTs: ${answers.map((a) => a.status).join(', ')}; dropped by the first replica: ${dropping.seen.length}`,
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        [201, 201],
      );
      assert.ok(dropping.seen.length >= 1, 'round robin sent one of them to the dropping replica first');
      assert.deepEqual([...answering.seen].sort(), keys);
    });
  });

  test('a POST without a key is not sent again: the client gets 503 and decides', async () => {
    await withNginx(async (port) => {
      dropping.seen.length = 0;
      answering.seen.length = 0;
      const answers = [await post(port, {}), await post(port, {})];
      const statuses = answers.map((a) => a.status).sort();
      console.log(`POSTs without a key: ${statuses.join(', ')}`);
      assert.deepEqual(statuses, [201, 503]);
      assert.equal(dropping.seen.length, 1);
      assert.equal(answering.seen.length, 1);
      assert.match(answers.find((a) => a.status === 503).text, /"statusCode":503/);
    });
  });

  test('a keyed POST that no replica answers gets the JSON 503, after two tries', async () => {
    await withNginx(
      async (port) => {
        dropping.seen.length = 0;
        const answer = await post(port, { 'idempotency-key': 'form-key-0003' });
        assert.equal(answer.status, 503);
        assert.match(answer.text, /"statusCode":503/);
        assert.deepEqual(dropping.seen, ['form-key-0003', 'form-key-0003']);
      },
      [dropping, dropping],
    );
  });

  test('a malformed key counts as none', async () => {
    await withNginx(async (port) => {
      dropping.seen.length = 0;
      const statuses = [await post(port, { 'idempotency-key': 'bad key!' }), await post(port, { 'idempotency-key': 'bad key!' })]
        .map((a) => a.status)
        .sort();
      assert.deepEqual(statuses, [201, 503]);
      assert.equal(dropping.seen.length, 1);
    });
  });
});
