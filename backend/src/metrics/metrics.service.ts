import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';

/** The prefix of the app's own series (Node's process metrics keep their usual names). */
export const METRIC_PREFIX = 'lead_capture_';

/** Request durations from 5 ms to 5 s: the form's commit, the admin pages, a slow export. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The part of pg's Pool that the gauges read (TypeORM's driver keeps the pool as `master`). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * This app's Prometheus registry, served by MetricsServer on METRICS_PORT. A registry of its
 * own, not prom-client's global one: two apps in one process (tests) each count their own and
 * never register a name twice. The core's series are defined here (HTTP, the database pool,
 * Node's process metrics); the other folders define theirs on `registry` in their providers
 * (deliveries/, intake/, live-events/, response-time/). No label ever holds personal data.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'API requests by method, route template (unmatched: no route) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  constructor(@InjectDataSource() dataSource: DataSource) {
    collectDefaultMetrics({ register: this.registry });
    const pool = () => (dataSource.driver as unknown as { master?: PoolCounts }).master;
    this.poolGauge('db_pool_connections', 'Connections the request pool holds open.', () => pool()?.totalCount);
    this.poolGauge('db_pool_connections_idle', 'Open connections of the pool not in use.', () => pool()?.idleCount);
    this.poolGauge('db_pool_waiting', 'Queries waiting for a connection of the pool.', () => pool()?.waitingCount);
  }

  /** A gauge read at scrape time from the pool (none before the DataSource connects). */
  private poolGauge(name: string, help: string, read: () => number | undefined): void {
    new Gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      registers: [this.registry],
      collect() {
        this.set(read() ?? 0);
      },
    });
  }
}
