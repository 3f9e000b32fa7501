import type { MigrationInterface, QueryRunner } from 'typeorm';

const BUCKET = `date_bin('15 minutes', submitted_at, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;

/**
 * Counters that concurrent inserts never wait on (docs/decisions/005): each statement on
 * contact_submissions appends delta rows (per interest and 15-minute bucket) instead of
 * updating one of three shared rows, and a periodic roll-up (one replica at a time) folds
 * them into the all-time totals (contact_submission_counts) and the per-bucket tallies
 * (contact_submission_buckets) that make "this month" a read of at most a month of buckets.
 */
export class ContactSubmissionDeltas1795400000000 implements MigrationInterface {
  name = 'ContactSubmissionDeltas1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await queryRunner.query(`DROP TRIGGER "trg_contact_submissions_count_${event}" ON "contact_submissions"`);
    }
    await queryRunner.query(`DROP TRIGGER "trg_contact_submissions_truncate" ON "contact_submissions"`);
    await queryRunner.query(`DROP FUNCTION count_contact_submissions()`);
    await queryRunner.query(`DROP FUNCTION reset_contact_submission_counts()`);

    await queryRunner.query(
      `CREATE TABLE "contact_submission_deltas" ("id" bigint GENERATED ALWAYS AS IDENTITY, "interest" text NOT NULL, "bucket_start" timestamptz NOT NULL, "submissions" integer NOT NULL, "with_company" integer NOT NULL, CONSTRAINT "pk_contact_submission_deltas" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "contact_submission_buckets" ("bucket_start" timestamptz NOT NULL, "interest" text NOT NULL, "submissions" integer NOT NULL, CONSTRAINT "pk_contact_submission_buckets" PRIMARY KEY ("bucket_start", "interest"))`,
    );
    // Statement-level with transition tables: one delta row per interest and bucket touched
    // by a statement, so a batch of many rows appends a few rows, and never updates one.
    await queryRunner.query(`
      CREATE FUNCTION append_contact_submission_deltas() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          INSERT INTO contact_submission_deltas (interest, bucket_start, submissions, with_company)
          SELECT interest, ${BUCKET}, -count(*), -count(company) FROM old_rows GROUP BY 1, 2;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO contact_submission_deltas (interest, bucket_start, submissions, with_company)
          SELECT interest, ${BUCKET}, count(*), count(company) FROM new_rows GROUP BY 1, 2;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_delta_insert" AFTER INSERT ON "contact_submissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION append_contact_submission_deltas()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_delta_update" AFTER UPDATE ON "contact_submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION append_contact_submission_deltas()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_delta_delete" AFTER DELETE ON "contact_submissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION append_contact_submission_deltas()`,
    );
    // TRUNCATE fires no row trigger: empty every counter with the table.
    await queryRunner.query(`
      CREATE FUNCTION reset_contact_submission_counters() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM contact_submission_counts;
        DELETE FROM contact_submission_buckets;
        DELETE FROM contact_submission_deltas;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_truncate" AFTER TRUNCATE ON "contact_submissions" FOR EACH STATEMENT EXECUTE FUNCTION reset_contact_submission_counters()`,
    );
    // The lock keeps the buckets and the table in step while they are first counted (the
    // totals are already exact: the old trigger kept them until this transaction).
    await queryRunner.query(`LOCK TABLE "contact_submissions" IN SHARE MODE`);
    await queryRunner.query(
      `INSERT INTO "contact_submission_buckets" (bucket_start, interest, submissions) SELECT ${BUCKET}, interest, count(*) FROM "contact_submissions" GROUP BY 1, 2`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_contact_submissions_truncate" ON "contact_submissions"`);
    for (const event of ['insert', 'update', 'delete']) {
      await queryRunner.query(`DROP TRIGGER "trg_contact_submissions_delta_${event}" ON "contact_submissions"`);
    }
    await queryRunner.query(`DROP FUNCTION reset_contact_submission_counters()`);
    await queryRunner.query(`DROP FUNCTION append_contact_submission_deltas()`);
    // Fold what is pending back into the totals before the old trigger takes over again.
    await queryRunner.query(
      `UPDATE contact_submission_counts AS c SET submissions = c.submissions + d.submissions, with_company = c.with_company + d.with_company
         FROM (SELECT interest, sum(submissions)::int AS submissions, sum(with_company)::int AS with_company FROM contact_submission_deltas GROUP BY interest) AS d
        WHERE c.interest = d.interest`,
    );
    await queryRunner.query(
      `INSERT INTO contact_submission_counts (interest, submissions, with_company)
       SELECT interest, sum(submissions), sum(with_company) FROM contact_submission_deltas
        WHERE interest NOT IN (SELECT interest FROM contact_submission_counts) GROUP BY interest`,
    );
    await queryRunner.query(`DROP TABLE "contact_submission_buckets"`);
    await queryRunner.query(`DROP TABLE "contact_submission_deltas"`);
    await queryRunner.query(`
      CREATE FUNCTION count_contact_submissions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE contact_submission_counts AS c
             SET submissions = c.submissions - o.submissions, with_company = c.with_company - o.with_company
            FROM (SELECT interest, count(*) AS submissions, count(company) AS with_company FROM old_rows GROUP BY interest) AS o
           WHERE c.interest = o.interest;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO contact_submission_counts AS c (interest, submissions, with_company)
          SELECT interest, count(*), count(company) FROM new_rows GROUP BY interest
          ON CONFLICT (interest) DO UPDATE
            SET submissions = c.submissions + excluded.submissions, with_company = c.with_company + excluded.with_company;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION reset_contact_submission_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM contact_submission_counts;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_count_insert" AFTER INSERT ON "contact_submissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_contact_submissions()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_count_update" AFTER UPDATE ON "contact_submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_contact_submissions()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_count_delete" AFTER DELETE ON "contact_submissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_contact_submissions()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_truncate" AFTER TRUNCATE ON "contact_submissions" FOR EACH STATEMENT EXECUTE FUNCTION reset_contact_submission_counts()`,
    );
  }
}
