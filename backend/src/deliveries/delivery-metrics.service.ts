import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge, type Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { METRIC_PREFIX, Metrics } from '../metrics/metrics.service.js';
import { DeliveryWorker } from './delivery-worker.service.js';

/**
 * The outbox's backlog by channel, in one statement that reads two partial indexes only
 * (ix_deliveries_pending_next_attempt_at, ix_deliveries_failed_channel), never the
 * delivered rows that make up the bulk of the table.
 */
const BACKLOG = `
  SELECT channel, 'pending' AS status, count(*)::int AS count,
         extract(epoch FROM now() - min(created_at))::float8 AS "oldestSeconds"
    FROM deliveries WHERE status = 'pending' GROUP BY channel
  UNION ALL
  SELECT channel, 'failed', count(*)::int, NULL FROM deliveries WHERE status = 'failed' GROUP BY channel`;

/** A scrape gives up on the database after this long (Prometheus' own timeout is 10 s). */
const SCRAPE_STATEMENT_TIMEOUT_MS = 1_000;

interface BacklogRow {
  channel: string;
  status: 'pending' | 'failed';
  count: number;
  oldestSeconds: number | null;
}

/**
 * Deliveries pending and failed by channel, and the age of the oldest pending one, read from
 * `deliveries` at scrape time. A channel with a sender and nothing waiting reads 0. When the
 * database does not answer in time the three gauges are left out of that scrape (their
 * absence is the alert), rather than holding the scrape or repeating old values.
 */
@Injectable()
export class DeliveryMetrics {
  private readonly logger = new Logger(DeliveryMetrics.name);
  /** The scrape's one query, shared by the three gauges (the registry collects them at once). */
  private reading: Promise<BacklogRow[] | undefined> | undefined;

  constructor(
    metrics: Metrics,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly worker: DeliveryWorker,
  ) {
    const { registry } = metrics;
    this.gauge(
      registry,
      'deliveries_pending',
      'Deliveries waiting to be sent (retries included), by channel.',
      'pending',
      (row) => row.count,
    );
    this.gauge(
      registry,
      'deliveries_failed',
      'Deliveries kept as failed after their last attempt, by channel.',
      'failed',
      (row) => row.count,
    );
    this.gauge(
      registry,
      'deliveries_oldest_pending_age_seconds',
      'Seconds since the oldest pending delivery was queued, by channel (0: none pending).',
      'pending',
      (row) => row.oldestSeconds ?? 0,
    );
  }

  /** A gauge by channel, set at scrape time from the rows of one `status`. */
  private gauge(
    registry: Registry,
    name: string,
    help: string,
    status: BacklogRow['status'],
    value: (row: BacklogRow) => number,
  ) {
    const backlog = () => this.backlog();
    const channels = () => this.worker.channels;
    new Gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames: ['channel'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await backlog();
        if (!rows) return;
        for (const channel of channels()) this.set({ channel }, 0);
        for (const row of rows) if (row.status === status) this.set({ channel: row.channel }, value(row));
      },
    });
  }

  private backlog(): Promise<BacklogRow[] | undefined> {
    this.reading ??= this.query().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async query(): Promise<BacklogRow[] | undefined> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL statement_timeout = ${SCRAPE_STATEMENT_TIMEOUT_MS}`);
        return manager.query<BacklogRow[]>(BACKLOG);
      });
    } catch (error) {
      this.logger.warn(`deliveries metrics not read: ${String(error)}`);
      return undefined;
    }
  }
}
