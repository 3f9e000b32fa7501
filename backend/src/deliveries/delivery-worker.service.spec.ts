import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { DataSource } from 'typeorm';
import type { Environment } from '../config/environment.js';
import type { AttemptResult, DueDelivery } from './delivery-sender.js';
import { DeliveryWorker, LEASE_MARGIN_MS } from './delivery-worker.service.js';

const MAX_ATTEMPTS = 3;
const TIMEOUT_MS = 1_000;

/** A worker whose database records every statement; `due` is what the claim returns. */
function setup(due: DueDelivery[], result: AttemptResult) {
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const dataSource = {
    query: (sql: string, params: unknown[] = []) => {
      statements.push({ sql, params });
      if (sql.includes('SKIP LOCKED')) return Promise.resolve([due.splice(0, 1), 0]);
      return Promise.resolve([]);
    },
  } as unknown as DataSource;
  const settings: Partial<Environment> = {
    DELIVERY_POLL_INTERVAL_MS: 60_000,
    DELIVERY_RETRY_BASE_MS: 30_000,
    DELIVERY_MAX_ATTEMPTS: MAX_ATTEMPTS,
    DELIVERY_ATTEMPT_TIMEOUT_MS: TIMEOUT_MS,
  };
  const config = { get: (key: keyof Environment) => settings[key] } as unknown as ConfigService<Environment, true>;
  const worker = new DeliveryWorker(dataSource, config);
  const sent: DueDelivery[] = [];
  worker.register({
    channel: 'webhook',
    concurrencyPerTarget: 1,
    send: (delivery) => {
      sent.push(delivery);
      return Promise.resolve(result);
    },
  });
  const updates = () => statements.filter((statement) => statement.sql.trimStart().startsWith('UPDATE deliveries SET'));
  return { worker, statements, updates, sent };
}

const due = (attempts: number): DueDelivery => ({
  id: 'del-1',
  channel: 'webhook',
  target: 'endpoint-1',
  event: 'lead.created',
  payload: { type: 'lead.created' },
  attempts,
  createdAt: new Date(),
});

/** Runs the worker until it has recorded one result, then stops it. */
async function runOnce(sut: ReturnType<typeof setup>) {
  sut.worker.onApplicationBootstrap();
  while (sut.updates().length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await sut.worker.beforeApplicationShutdown();
}

describe(DeliveryWorker.name, () => {
  Logger.overrideLogger(false);

  it('leases the claim past the attempt, hands the payload to its sender and records it delivered', async () => {
    const sut = setup([due(0)], { outcome: 'delivered', status: 204 });
    await runOnce(sut);

    expect(sut.statements[0].params).toEqual([TIMEOUT_MS + LEASE_MARGIN_MS, ['webhook'], []]);
    expect(sut.sent.map((delivery) => delivery.payload)).toEqual([{ type: 'lead.created' }]);
    expect(sut.updates()[0].sql).toMatch(/SET status = 'delivered'/);
    // The payload stays as it was (null): this sender keeps it.
    expect(sut.updates()[0].params).toEqual(['del-1', 1, 204, null]);
  });

  it('retries a retryable failure later while attempts remain', async () => {
    const sut = setup([due(1)], { outcome: 'retry', reason: 'HTTP 503', status: 503 });
    await runOnce(sut);

    const [{ sql, params }] = sut.updates();
    expect(sql).not.toMatch(/SET status = /); // still pending
    const [id, attempts, status, reason, delayMs] = params as [string, number, number, string, number];
    expect([id, attempts, status, reason]).toEqual(['del-1', 2, 503, 'HTTP 503']);
    // The second retry waits about twice the base delay (±25%).
    expect(delayMs).toBeGreaterThanOrEqual(45_000);
    expect(delayMs).toBeLessThanOrEqual(75_000);
  });

  it('gives up at the last attempt, and fails at once when retrying cannot help', async () => {
    const last = setup([due(MAX_ATTEMPTS - 1)], { outcome: 'retry', reason: 'timeout' });
    await runOnce(last);
    expect(last.updates()[0].sql).toMatch(/SET status = 'failed'/);
    expect(last.updates()[0].params).toEqual([
      'del-1',
      MAX_ATTEMPTS,
      null,
      `timeout (gave up after ${MAX_ATTEMPTS} attempts)`,
      null,
    ]);

    const hopeless = setup([due(0)], { outcome: 'failed', reason: 'HTTP 404', status: 404 });
    await runOnce(hopeless);
    expect(hopeless.updates()[0].params).toEqual(['del-1', 1, 404, 'HTTP 404', null]);
  });

  it("keeps what the sender says of a done delivery's payload (a one-time link removed), not the payload it sent", async () => {
    for (const result of [{ outcome: 'delivered' }, { outcome: 'failed', reason: 'HTTP 404' }] as AttemptResult[]) {
      const sut = setup([due(0)], result);
      sut.worker.register({
        channel: 'webhook',
        concurrencyPerTarget: 1,
        send: () => Promise.resolve(result),
        payloadWhenDone: () => ({ type: 'scrubbed' }),
      });
      await runOnce(sut);
      expect(sut.updates()[0].sql).toMatch(/payload = coalesce\(\$\d::jsonb, payload\)/);
      expect(sut.updates()[0].params.at(-1)).toBe('{"type":"scrubbed"}');
    }
  });

  it('records a timeout when the sender overruns its time limit', async () => {
    const sut = setup([due(0)], { outcome: 'delivered' });
    sut.worker.register({ channel: 'webhook', concurrencyPerTarget: 1, send: () => new Promise(() => undefined) });
    await runOnce(sut);
    expect(sut.updates()[0].params).toEqual(['del-1', 1, null, `timed out after ${TIMEOUT_MS} ms`, expect.any(Number)]);
  });
});
