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

  /** The count of `key` without adding to it (0 hits when its window is over or never began). */
  async current(key: string): Promise<RateCount> {
    const [row]: Array<{ hits: number; retry_after: number }> = await this.dataSource.query(
      `SELECT hits, ceil(extract(epoch FROM resets_at - now()))::int AS retry_after FROM rate_limits WHERE key = $1 AND resets_at > now()`,
      [key],
    );
    return row ? { hits: row.hits, retryAfter: Math.max(1, row.retry_after) } : { hits: 0, retryAfter: 0 };
  }

  /** Ends `key`'s window `windowMs` from now (a lock that lasts its full time from the hit that set it). */
  async extend(key: string, windowMs: number): Promise<void> {
    await this.dataSource.query(`UPDATE rate_limits SET resets_at = now() + $2 * interval '1 millisecond' WHERE key = $1`, [
      key,
      windowMs,
    ]);
  }

  /** Takes back one hit on `key` (an attempt that turned out fine). */
  async refund(key: string): Promise<void> {
    await this.dataSource.query('UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = $1', [key]);
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
