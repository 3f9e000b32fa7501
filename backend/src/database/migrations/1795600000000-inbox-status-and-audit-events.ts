import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox (docs/api.md, `/api/admin/contacts`): each submission's triage status and note, who changed the status
 * and when; and audit_events, the record of who did what (src/audit/).
 */
export class InboxStatusAndAuditEvents1795600000000 implements MigrationInterface {
  name = 'InboxStatusAndAuditEvents1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" ADD "status" character varying(16) NOT NULL DEFAULT 'new', ADD "note" text, ADD "status_changed_at" TIMESTAMP(3) WITH TIME ZONE, ADD "status_changed_by" character varying`,
    );
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" ADD CONSTRAINT "ck_contact_submissions_status" CHECK ("status" IN ('new', 'contacted', 'qualified', 'archived', 'spam'))`,
    );
    await queryRunner.query(
      `CREATE TABLE "audit_events" ("id" BIGSERIAL NOT NULL, "at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "actor" character varying, "action" character varying(32) NOT NULL, "submission_id" uuid, "detail" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "pk_audit_events" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_audit_events_submission_id_at" ON "audit_events" ("submission_id", "at")`);
    await queryRunner.query(`CREATE INDEX "ix_audit_events_at" ON "audit_events" ("at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_events"`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP CONSTRAINT "ck_contact_submissions_status"`);
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" DROP COLUMN "status_changed_by", DROP COLUMN "status_changed_at", DROP COLUMN "note", DROP COLUMN "status"`,
    );
  }
}
