import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Response time: a lead's first answer (firstRespondedAt, responseMinutes), its due time and
 * escalation, its follow-up and the reminder sent for it; the settings (one row: 60 minutes,
 * no business hours); the indexes of the escalation scan, the follow-ups and the report.
 *
 * Back-fill: firstRespondedAt is the lead's first audited status change away from `new`,
 * or, for a lead that left `new` before the audit log existed, its last status change (the
 * only time known); responseMinutes counts every minute (the default settings). Leads still
 * `new` get their due time, and those already past it count as escalated, so that the
 * upgrade does not send an escalation for every old unanswered lead.
 */
export class ResponseTime1796581933046 implements MigrationInterface {
  name = 'ResponseTime1796581933046';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" ADD "first_responded_at" TIMESTAMP(3) WITH TIME ZONE, ADD "response_minutes" integer, ADD "response_due_at" TIMESTAMP(3) WITH TIME ZONE, ADD "escalated_at" TIMESTAMP(3) WITH TIME ZONE, ADD "follow_up_at" TIMESTAMP(3) WITH TIME ZONE, ADD "follow_up_reminded_for" TIMESTAMP(3) WITH TIME ZONE`,
    );
    await queryRunner.query(
      `CREATE TABLE "response_time_settings" ("id" boolean NOT NULL DEFAULT true, "target_minutes" integer NOT NULL DEFAULT 60, "business_hours" jsonb, "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_response_time_settings_one_row" CHECK ("id"), CONSTRAINT "pk_response_time_settings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`INSERT INTO "response_time_settings" DEFAULT VALUES`);
    await queryRunner.query(
      `UPDATE "contact_submissions" s
          SET "first_responded_at" = coalesce(
                (SELECT min(a."at") FROM "audit_events" a
                  WHERE a."submission_id" = s."id" AND a."action" = 'status' AND a."detail" ->> 'from' = 'new'),
                s."status_changed_at")
        WHERE s."status" <> 'new'`,
    );
    await queryRunner.query(
      `UPDATE "contact_submissions"
          SET "response_minutes" = greatest(0, floor(extract(epoch FROM "first_responded_at" - "submitted_at") / 60))::int
        WHERE "first_responded_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `UPDATE "contact_submissions"
          SET "response_due_at" = "submitted_at" + interval '60 minutes',
              "escalated_at" = CASE WHEN "submitted_at" + interval '60 minutes' <= now() THEN now() END
        WHERE "status" = 'new'`,
    );
    // The escalation scan and response=overdue|waiting: leads still new, by due time.
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_response_due_at" ON "contact_submissions" ("response_due_at") WHERE "status" = 'new'`,
    );
    // The reminder scan and followUp=due.
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_follow_up_at" ON "contact_submissions" ("follow_up_at") WHERE "follow_up_at" IS NOT NULL`,
    );
    // The report reads these columns of a submission range only: the keyset page's index
    // carries them, so the report is an index-only scan (a second index on submitted_at
    // would draw the keyset page away from its own).
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_submitted_at_id"`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_submitted_at_id" ON "contact_submissions" ("submitted_at", "id") INCLUDE ("status", "assignee_id", "utm_source", "response_minutes", "response_due_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_submitted_at_id"`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_submitted_at_id" ON "contact_submissions" ("submitted_at", "id")`,
    );
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_follow_up_at"`);
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_response_due_at"`);
    await queryRunner.query(`DROP TABLE "response_time_settings"`);
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" DROP COLUMN "follow_up_reminded_for", DROP COLUMN "follow_up_at", DROP COLUMN "escalated_at", DROP COLUMN "response_due_at", DROP COLUMN "response_minutes", DROP COLUMN "first_responded_at"`,
    );
  }
}
