// freePort (scripts/process-utils.mjs) gives the ports of the processes that make dev, make
// serve, the benchmarks and the tests start, seconds before they bind them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { freePort } from '../../scripts/process-utils.mjs';

const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);

test("gives ports below the kernel's ephemeral range, which no outgoing connection takes meanwhile", async () => {
  for (let i = 0; i < 50; i += 1) {
    const port = await freePort();
    assert.ok(port >= 10_000 && port < ephemeralStart, `port ${port}`);
  }
});

test('gives a port that can be bound, not one that is taken', async () => {
  const taken = [];
  try {
    for (let i = 0; i < 20; i += 1) {
      const port = await freePort();
      assert.ok(!taken.some((server) => server.address().port === port), `port ${port} is already bound here`);
      const server = createServer();
      await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
      taken.push(server);
    }
  } finally {
    for (const server of taken) server.close();
  }
});
