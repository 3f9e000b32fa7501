import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const ROLL_UP_EVERY_MS = 30_000;
// Any constant shared by every replica: one roll-up at a time, the others skip their turn.
const ROLL_UP_LOCK_KEY = 7_262_009;

// Moves every delta row this transaction sees into the totals and the 15-minute buckets.
// Readers sum counters and deltas in one statement (one snapshot), so they see each delta
// exactly once, before or after the move.
const ROLL_UP = `
  WITH moved AS (
    DELETE FROM contact_submission_deltas RETURNING interest, bucket_start, submissions, with_company
  ), totals AS (
    INSERT INTO contact_submission_counts AS c (interest, submissions, with_company)
    SELECT interest, sum(submissions), sum(with_company) FROM moved GROUP BY interest ORDER BY interest
    ON CONFLICT (interest) DO UPDATE
      SET submissions = c.submissions + excluded.submissions, with_company = c.with_company + excluded.with_company
  )
  INSERT INTO contact_submission_buckets AS b (bucket_start, interest, submissions)
  SELECT bucket_start, interest, sum(submissions) FROM moved GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (bucket_start, interest) DO UPDATE SET submissions = b.submissions + excluded.submissions`;

/**
 * Folds the delta rows that every write to contact_submissions appends (see migration
 * 1795400000000 and docs/decisions/005) into the counters, so that the rows analytics sum
 * stay few. Runs every 30 s in each process; an advisory lock lets one replica at a time do it.
 */
@Injectable()
export class SubmissionCountsRollup implements OnModuleDestroy {
  private readonly logger = new Logger(SubmissionCountsRollup.name);
  private readonly timer = setInterval(
    () => void this.rollUp().catch((error) => this.logger.warn(String(error))),
    ROLL_UP_EVERY_MS,
  ).unref();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One roll-up; false when another process holds the turn. */
  async rollUp(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query<Array<{ locked: boolean }>>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
        ROLL_UP_LOCK_KEY,
      ]);
      if (locked) await manager.query(ROLL_UP);
      return locked;
    });
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
