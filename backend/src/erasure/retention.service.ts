import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock.js';
import type { Environment } from '../config/environment.js';
import { ErasureService } from '../leads/erasure.service.js';

const DAY_MS = 86_400_000;
// Each replica looks every hour whether today's run is done; the first look is a minute
// after start-up, so that a deploy's start stays quick.
const CHECK_EVERY_MS = 3_600_000;
const FIRST_CHECK_AFTER_MS = 60_000;
// Any constant shared by every replica: one retention run at a time.
const RETENTION_LOCK_KEY = 7_262_014;

/**
 * SPAM_RETENTION_DAYS and RETENTION_DAYS: once a day (UTC), the held spam and the submissions
 * older than that many days are erased as
 * an erasure request would (ErasureService, which queues their spreadsheet erasure), by the
 * one replica that holds the advisory lock; `retention_runs` records each day's run, so the
 * others, and later checks that day, find it done.
 */
@Injectable()
export class RetentionService implements OnModuleDestroy {
  private readonly logger = new Logger(RetentionService.name);
  private readonly days: number | undefined;
  private readonly spamDays: number;
  private readonly timers: NodeJS.Timeout[] = [];
  /** The scheduled run under way, which shutdown waits for (its queries need the pool). */
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly erasure: ErasureService,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.days = config.get('RETENTION_DAYS', { infer: true });
    this.spamDays = config.get('SPAM_RETENTION_DAYS', { infer: true });
    const check = () => {
      this.running = this.runIfDue().catch((error) => this.logger.warn(`retention: ${String(error)}`));
    };
    this.timers.push(setTimeout(check, FIRST_CHECK_AFTER_MS).unref(), setInterval(check, CHECK_EVERY_MS).unref());
  }

  /** How many days a submission is kept, or null: kept until someone asks for its erasure. */
  get retentionDays(): number | null {
    return this.days ?? null;
  }

  /**
   * Today's run, unless it is done or another replica is doing it: how many submissions were
   * erased, or null when nothing ran.
   */
  async runIfDue(): Promise<number | null> {
    const now = this.clock.now();
    const today = now.toISOString().slice(0, 10);
    const runner = this.dataSource.createQueryRunner();
    try {
      // A session lock on a connection of its own: the erasure's transactions run beside it.
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [RETENTION_LOCK_KEY])) as Array<{
        locked: boolean;
      }>;
      if (!locked) return null;
      try {
        const done = (await runner.query('SELECT 1 FROM retention_runs WHERE run_on = $1', [today])) as unknown[];
        if (done.length > 0) return null;
        const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
        // Held spam first (SPAM_RETENTION_DAYS), then everything past RETENTION_DAYS when it is set.
        const spam = await this.erasure.eraseOlderThan(before(this.spamDays), true);
        const erased = spam + (this.days === undefined ? 0 : await this.erasure.eraseOlderThan(before(this.days)));
        await runner.query('INSERT INTO retention_runs (run_on, erased) VALUES ($1, $2)', [today, erased]);
        this.logger.log({
          erased,
          spam,
          retentionDays: this.days,
          msg: `retention: ${erased} submissions erased (${spam} held spam)`,
        });
        return erased;
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await this.running;
  }
}
