import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { DataSource, EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import type { AttemptResult, SheetsClient } from './sheets-client.service.js';
import { SheetsWorker } from './sheets-worker.service.js';

const MAX_ATTEMPTS = 3;

const ERASE = { id: 'del-1', action: 'erase', submission_id: null, erased_ids: ['sub-1', 'sub-2'] };

/** One due delivery with `attempts` made; records the statements the worker runs after the attempt. */
function setup(attempts: number, result: AttemptResult, kind: Record<string, unknown> = {}) {
  const updates: Array<{ sql: string; params: unknown[] }> = [];
  const due = {
    id: 'del-1',
    action: 'append',
    attempts,
    submission_id: 'sub-1',
    name: 'Ada',
    email: 'ada@example.com',
    linkedin: null,
    company: null,
    interest: 'partnership',
    comments: null,
    submitted_at: new Date('2026-01-01T00:00:00Z'),
    ...kind,
  };
  const manager = {
    query: (sql: string, params: unknown[] = []) => {
      if (sql.includes('FOR UPDATE OF d SKIP LOCKED')) return Promise.resolve([due]);
      updates.push({ sql, params });
      return Promise.resolve([]);
    },
  } as unknown as EntityManager;
  const dataSource = {
    transaction: <T>(work: (manager: EntityManager) => Promise<T>) => work(manager),
  } as unknown as DataSource;
  const sent: unknown[] = [];
  const client = {
    enabled: true,
    send: (deliveryId: string, row: unknown) => {
      sent.push({ deliveryId, row });
      return Promise.resolve(result);
    },
  } as unknown as SheetsClient;
  const settings: Partial<Environment> = {
    SHEETS_POLL_INTERVAL_MS: 1000,
    SHEETS_RETRY_BASE_MS: 30_000,
    SHEETS_MAX_ATTEMPTS: MAX_ATTEMPTS,
  };
  const config = { get: (key: keyof Environment) => settings[key] } as unknown as ConfigService<Environment, true>;
  const sut = new SheetsWorker(dataSource, client, config);
  const deliverNext = () => (sut as unknown as { deliverNext(): Promise<boolean> }).deliverNext();
  return { deliverNext, updates, sent };
}

describe(SheetsWorker.name, () => {
  Logger.overrideLogger(false);

  it('sends the claimed delivery with its submission and marks it delivered', async () => {
    const { deliverNext, updates, sent } = setup(0, { outcome: 'delivered' });

    await expect(deliverNext()).resolves.toBe(true);

    expect(sent).toEqual([
      {
        deliveryId: 'del-1',
        row: expect.objectContaining({ id: 'sub-1', name: 'Ada', submittedAt: '2026-01-01T00:00:00.000Z' }),
      },
    ]);
    expect(updates).toHaveLength(1);
    expect(updates[0].sql).toMatch(/SET status = 'delivered'/);
    expect(updates[0].params).toEqual(['del-1', 1]);
  });

  it('sends an erase delivery as the action and the ids, and marks it delivered', async () => {
    const { deliverNext, updates, sent } = setup(0, { outcome: 'delivered' }, ERASE);
    await expect(deliverNext()).resolves.toBe(true);
    expect(sent).toEqual([{ deliveryId: 'del-1', row: { action: 'erase', ids: ['sub-1', 'sub-2'] } }]);
    expect(updates[0].sql).toMatch(/SET status = 'delivered'/);
  });

  it('retries a retryable failure later while attempts remain', async () => {
    const { deliverNext, updates } = setup(1, { outcome: 'retry', reason: 'HTTP 503' });

    await deliverNext();

    expect(updates).toHaveLength(1);
    expect(updates[0].sql).toMatch(/next_attempt_at = clock_timestamp\(\) \+/);
    expect(updates[0].sql).not.toMatch(/status/);
    const [id, attempts, reason, delayMs] = updates[0].params as [string, number, string, number];
    expect([id, attempts, reason]).toEqual(['del-1', 2, 'HTTP 503']);
    // The second retry waits about twice the base delay (±25%).
    expect(delayMs).toBeGreaterThanOrEqual(45_000);
    expect(delayMs).toBeLessThanOrEqual(75_000);
  });

  it('gives up on a retryable failure at the last attempt, saying so', async () => {
    const { deliverNext, updates } = setup(MAX_ATTEMPTS - 1, { outcome: 'retry', reason: 'timeout' });

    await deliverNext();

    expect(updates[0].sql).toMatch(/SET status = 'failed'/);
    expect(updates[0].params).toEqual(['del-1', MAX_ATTEMPTS, `timeout (gave up after ${MAX_ATTEMPTS} attempts)`]);
  });

  it('fails at once when retrying cannot help', async () => {
    const { deliverNext, updates } = setup(0, { outcome: 'failed', reason: 'HTTP 404' });

    await deliverNext();

    expect(updates[0].sql).toMatch(/SET status = 'failed'/);
    expect(updates[0].params).toEqual(['del-1', 1, 'HTTP 404']);
  });
});
