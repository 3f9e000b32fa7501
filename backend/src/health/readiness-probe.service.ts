import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import pg from 'pg';
import type { Environment } from '../config/environment.js';

/** The database's time to answer: readiness itself answers within 1 s, whatever happens. */
export const READY_TIMEOUT_MS = 800;

/**
 * Asks the database "SELECT 1" on a connection of its own, outside the request pool, so
 * that readiness never queues behind requests waiting for a connection.
 */
@Injectable()
export class ReadinessProbe implements OnModuleDestroy {
  private readonly pool: pg.Pool;

  constructor(config: ConfigService<Environment, true>) {
    this.pool = new pg.Pool({
      connectionString: config.get('DATABASE_URL', { infer: true }),
      max: 2,
      connectionTimeoutMillis: READY_TIMEOUT_MS,
      query_timeout: READY_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
    });
    // A dropped idle connection is not a crash; the next check opens another one.
    this.pool.on('error', () => undefined);
  }

  /** Whether the database answered within READY_TIMEOUT_MS. */
  async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)));
    const query = this.pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
