import type { MigrationInterface, QueryRunner } from 'typeorm';

const HOUR = `date_bin('1 hour', bucket_start, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;

/**
 * Adds the changes that `changes` (bucket_start, interest, submissions) lists to every window
 * holding them: a change in the hour from H counts in the 24 windows from H - 23 h to H.
 * Summed per hour first, so a bulk roll-up multiplies hours, not buckets, by 24.
 */
const foldIntoDays = (changes: string) => `
  INSERT INTO contact_submission_days AS d (day_start, interest, submissions)
  SELECT hour - later * interval '1 hour', interest, sum(submissions)
    FROM (SELECT ${HOUR} AS hour, interest, sum(submissions) AS submissions FROM (${changes}) AS changes GROUP BY 1, 2) AS hourly,
         generate_series(0, 23) AS later
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day_start, interest) DO UPDATE SET submissions = d.submissions + excluded.submissions`;

/** The function the TRUNCATE of contact_submissions runs: it empties these counters. */
const resetCounters = (tables: string[]) => `
  CREATE OR REPLACE FUNCTION reset_contact_submission_counters() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${tables.map((table) => `DELETE FROM ${table};`).join(' ')}
    RETURN NULL;
  END $$`;

/**
 * Day-level roll-ups for the trend (docs/decisions/005, "The trend from day windows"):
 * `contact_submission_days` holds, for every whole UTC hour and interest, the submissions of
 * the 24 hours from that hour. Any zone's calendar day is then one such row plus at most a few 15-minute buckets at its
 * edges (zones at :30 and :45, days of 23 or 25 hours), instead of 96 buckets.
 *
 * The rows follow `contact_submission_buckets` through triggers on that table, so they move
 * in the same transaction as the buckets, whichever code (this release's roll-up or an older
 * replica's) folds the deltas.
 */
export class ContactSubmissionDays1795900000000 implements MigrationInterface {
  name = 'ContactSubmissionDays1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The roll-up's advisory lock (SubmissionCountsRollup), first: no replica folds deltas
    // into the buckets between the first count below and the commit that makes the triggers
    // live, and none holds it while waiting for the buckets' lock that CREATE TRIGGER takes.
    await queryRunner.query('SELECT pg_advisory_xact_lock(7262009)');
    await queryRunner.query(
      `CREATE TABLE "contact_submission_days" ("day_start" timestamptz NOT NULL, "interest" text NOT NULL, "submissions" integer NOT NULL, CONSTRAINT "pk_contact_submission_days" PRIMARY KEY ("day_start", "interest"))`,
    );
    // Statement-level: a roll-up that touches many buckets updates each window once.
    await queryRunner.query(`
      CREATE FUNCTION fold_contact_submission_buckets_into_days() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${foldIntoDays('SELECT bucket_start, interest, submissions FROM new_rows')};
        ELSE
          ${foldIntoDays(
            'SELECT bucket_start, interest, submissions FROM new_rows UNION ALL SELECT bucket_start, interest, -submissions FROM old_rows',
          )};
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submission_buckets_days_insert" AFTER INSERT ON "contact_submission_buckets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fold_contact_submission_buckets_into_days()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submission_buckets_days_update" AFTER UPDATE ON "contact_submission_buckets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fold_contact_submission_buckets_into_days()`,
    );
    // Buckets are only ever deleted all at once, when contact_submissions is truncated: the
    // reset empties the days beside them (no delete trigger to run per bucket).
    await queryRunner.query(
      resetCounters([
        'contact_submission_counts',
        'contact_submission_days',
        'contact_submission_buckets',
        'contact_submission_deltas',
      ]),
    );
    await queryRunner.query(foldIntoDays('SELECT bucket_start, interest, submissions FROM contact_submission_buckets'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      resetCounters(['contact_submission_counts', 'contact_submission_buckets', 'contact_submission_deltas']),
    );
    await queryRunner.query(`DROP TRIGGER "trg_contact_submission_buckets_days_update" ON "contact_submission_buckets"`);
    await queryRunner.query(`DROP TRIGGER "trg_contact_submission_buckets_days_insert" ON "contact_submission_buckets"`);
    await queryRunner.query(`DROP FUNCTION fold_contact_submission_buckets_into_days()`);
    await queryRunner.query(`DROP TABLE "contact_submission_days"`);
  }
}
