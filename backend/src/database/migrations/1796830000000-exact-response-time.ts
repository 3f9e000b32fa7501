import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lead's first answer as an exact duration (response_seconds, to the millisecond) beside its
 * whole minutes: the report compared whole minutes, rounded down, with the target, so answers
 * at 3 min 47 s counted as within a 3-minute target.
 *
 * Back-fill: without business hours, the exact time from submission to first answer; with
 * them, the stored whole minutes (the business seconds cannot be told apart afterwards). The
 * report's index carries the new column instead of the minutes, which it no longer reads.
 */
export class ExactResponseTime1796830000000 implements MigrationInterface {
  name = 'ExactResponseTime1796830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_submissions" ADD "response_seconds" numeric(12,3)`);
    await queryRunner.query(
      `UPDATE "contact_submissions"
          SET "response_seconds" = CASE
                WHEN (SELECT "business_hours" FROM "response_time_settings" LIMIT 1) IS NULL
                THEN greatest(0, extract(epoch FROM "first_responded_at" - "submitted_at"))
                ELSE "response_minutes" * 60 END
        WHERE "first_responded_at" IS NOT NULL AND "response_minutes" IS NOT NULL`,
    );
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_submitted_at_id"`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_submitted_at_id" ON "contact_submissions" ("submitted_at", "id") INCLUDE ("status", "assignee_id", "utm_source", "response_seconds", "response_due_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_submitted_at_id"`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_submitted_at_id" ON "contact_submissions" ("submitted_at", "id") INCLUDE ("status", "assignee_id", "utm_source", "response_minutes", "response_due_at")`,
    );
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP COLUMN "response_seconds"`);
  }
}
