import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Running totals per interest, kept by a trigger in the same transaction as each change to
 * contact_submissions, so that the dashboard's all-time figures cost a few rows to read at
 * any table size (a count over a million rows takes a tenth of a second or more). "This
 * month" stays a range scan of ix_contact_submissions_submitted_at_id, which makes the
 * (interest, submitted_at) index unneeded.
 */
export class ContactSubmissionCounts1795328829376 implements MigrationInterface {
  name = 'ContactSubmissionCounts1795328829376';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contact_submission_counts" ("interest" text NOT NULL, "submissions" integer NOT NULL, "with_company" integer NOT NULL, CONSTRAINT "pk_contact_submission_counts" PRIMARY KEY ("interest"))`,
    );
    // Statement-level with transition tables: one upsert per statement and interest, so a
    // bulk insert of many rows costs one pass, not one counter update per row.
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
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_count_insert" AFTER INSERT ON "contact_submissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_contact_submissions()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_count_update" AFTER UPDATE ON "contact_submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_contact_submissions()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_count_delete" AFTER DELETE ON "contact_submissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_contact_submissions()`,
    );
    // TRUNCATE fires no row trigger: empty the totals with the table.
    await queryRunner.query(`
      CREATE FUNCTION reset_contact_submission_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM contact_submission_counts;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_truncate" AFTER TRUNCATE ON "contact_submissions" FOR EACH STATEMENT EXECUTE FUNCTION reset_contact_submission_counts()`,
    );
    // The lock keeps the totals and the table in step while they are first counted.
    await queryRunner.query(`LOCK TABLE "contact_submissions" IN SHARE MODE`);
    await queryRunner.query(
      `INSERT INTO "contact_submission_counts" (interest, submissions, with_company) SELECT interest, count(*), count(company) FROM "contact_submissions" GROUP BY interest`,
    );
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_interest_submitted_at"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_interest_submitted_at" ON "contact_submissions" ("interest", "submitted_at")`,
    );
    await queryRunner.query(`DROP TRIGGER "trg_contact_submissions_truncate" ON "contact_submissions"`);
    for (const event of ['insert', 'update', 'delete']) {
      await queryRunner.query(`DROP TRIGGER "trg_contact_submissions_count_${event}" ON "contact_submissions"`);
    }
    await queryRunner.query(`DROP FUNCTION reset_contact_submission_counts()`);
    await queryRunner.query(`DROP FUNCTION count_contact_submissions()`);
    await queryRunner.query(`DROP TABLE "contact_submission_counts"`);
  }
}
