import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface RateCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Fixed-window counters kept in PostgreSQL, so that every API replica counts against the
 * same limit (an in-memory counter would multiply the limit by the number of replicas).
 */
@Injectable()
export class RateLimitService implements OnModuleDestroy {
  private readonly pruner = setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Counts one hit on `key` in a window of `windowMs`. */
  async hit(key: string, windowMs: number): Promise<RateCount> {
    const [row]: Array<{ hits: number; retry_after: number }> = await this.dataSource.query(
      `INSERT INTO rate_limits AS r (key, hits, resets_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.resets_at <= now() THEN 1 ELSE r.hits + 1 END,
         resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
       RETURNING hits, ceil(extract(epoch FROM resets_at - now()))::int AS retry_after`,
      [key, windowMs],
    );
    return { hits: row.hits, retryAfter: Math.max(1, row.retry_after) };
  }

  /** The current count on `key` without adding to it (0 when its window is over). */
  async peek(key: string): Promise<RateCount> {
    const [row]: Array<{ hits: number; retry_after: number }> = await this.dataSource.query(
      `SELECT hits, ceil(extract(epoch FROM resets_at - now()))::int AS retry_after
         FROM rate_limits WHERE key = $1 AND resets_at > now()`,
      [key],
    );
    return row ? { hits: row.hits, retryAfter: Math.max(1, row.retry_after) } : { hits: 0, retryAfter: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  private async prune(): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limits WHERE resets_at <= now()').catch(() => undefined);
  }

  onModuleDestroy(): void {
    clearInterval(this.pruner);
  }
}
