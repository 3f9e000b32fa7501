import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A submission's spreadsheet row as the sheets feature queues it (its fields, `id`, `submittedAt`). */
const SHEET_ROW = `jsonb_build_object('id', s.id, 'submittedAt', to_char(s.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'name', s.name, 'email', s.email, 'linkedin', s.linkedin, 'company', s.company, 'interest', s.interest, 'comments', s.comments)`;

/**
 * One outbox for every channel (docs/decisions/013-shared-delivery-outbox.md): `sheet_deliveries` becomes `deliveries`, its rows
 * kept in place as `sheet` deliveries whose payload is what the worker used to read from the
 * submission; and the webhook endpoints.
 */
export class Deliveries1796100000000 implements MigrationInterface {
  name = 'Deliveries1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sheet_deliveries" RENAME TO "deliveries"`);
    await queryRunner.query(`ALTER TABLE "deliveries" RENAME CONSTRAINT "pk_sheet_deliveries" TO "pk_deliveries"`);
    await queryRunner.query(`ALTER TABLE "deliveries" RENAME CONSTRAINT "ck_sheet_deliveries_status" TO "ck_deliveries_status"`);
    await queryRunner.query(
      `ALTER TABLE "deliveries" RENAME CONSTRAINT "fk_sheet_deliveries_submission_id" TO "fk_deliveries_submission_id"`,
    );
    await queryRunner.query(
      `ALTER INDEX "ix_sheet_deliveries_pending_next_attempt_at" RENAME TO "ix_deliveries_pending_next_attempt_at"`,
    );
    await queryRunner.query(`DROP INDEX "uq_sheet_deliveries_submission_id"`);
    await queryRunner.query(`ALTER TABLE "deliveries" DROP CONSTRAINT "ck_sheet_deliveries_action"`);
    await queryRunner.query(`ALTER TABLE "deliveries" RENAME COLUMN "action" TO "event"`);
    await queryRunner.query(
      `ALTER TABLE "deliveries" ALTER COLUMN "event" DROP DEFAULT, ADD "channel" text NOT NULL DEFAULT 'sheet', ADD "target" text NOT NULL DEFAULT '', ADD "payload" jsonb, ADD "last_status" integer`,
    );
    await queryRunner.query(`ALTER TABLE "deliveries" ALTER COLUMN "channel" DROP DEFAULT`);
    await queryRunner.query(
      `UPDATE "deliveries" d SET "payload" = ${SHEET_ROW} FROM "contact_submissions" s WHERE s.id = d.submission_id AND d.event = 'append'`,
    );
    await queryRunner.query(
      `UPDATE "deliveries" SET "payload" = jsonb_build_object('action', 'erase', 'ids', to_jsonb("erased_ids")) WHERE "event" = 'erase'`,
    );
    await queryRunner.query(`ALTER TABLE "deliveries" DROP COLUMN "erased_ids", ALTER COLUMN "payload" SET NOT NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_deliveries_sheet_submission_id" ON "deliveries" ("submission_id") WHERE "channel" = 'sheet'`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_deliveries_channel_target_created_at" ON "deliveries" ("channel", "target", "created_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "url" text NOT NULL, "events" text array NOT NULL, "format" text NOT NULL DEFAULT 'standard', "active" boolean NOT NULL DEFAULT true, "secret" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_webhook_endpoints_format" CHECK ("format" IN ('standard', 'slack')), CONSTRAINT "pk_webhook_endpoints" PRIMARY KEY ("id"))`,
    );
  }

  /** Back to the spreadsheet outbox: the other channels' deliveries are dropped. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
    await queryRunner.query(`DELETE FROM "deliveries" WHERE "channel" <> 'sheet'`);
    await queryRunner.query(`DROP INDEX "ix_deliveries_channel_target_created_at"`);
    await queryRunner.query(`DROP INDEX "uq_deliveries_sheet_submission_id"`);
    await queryRunner.query(`ALTER TABLE "deliveries" ADD "erased_ids" uuid array`);
    await queryRunner.query(
      `UPDATE "deliveries" SET "erased_ids" = ARRAY(SELECT jsonb_array_elements_text("payload"->'ids'))::uuid[] WHERE "event" = 'erase'`,
    );
    await queryRunner.query(
      `ALTER TABLE "deliveries" DROP COLUMN "payload", DROP COLUMN "channel", DROP COLUMN "target", DROP COLUMN "last_status"`,
    );
    await queryRunner.query(`ALTER TABLE "deliveries" RENAME COLUMN "event" TO "action"`);
    await queryRunner.query(`ALTER TABLE "deliveries" ALTER COLUMN "action" SET DEFAULT 'append'`);
    await queryRunner.query(
      `ALTER TABLE "deliveries" ADD CONSTRAINT "ck_sheet_deliveries_action" CHECK (("action" = 'append' AND "submission_id" IS NOT NULL AND "erased_ids" IS NULL) OR ("action" = 'erase' AND "submission_id" IS NULL AND "erased_ids" IS NOT NULL))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_sheet_deliveries_submission_id" ON "deliveries" ("submission_id")`);
    await queryRunner.query(
      `ALTER INDEX "ix_deliveries_pending_next_attempt_at" RENAME TO "ix_sheet_deliveries_pending_next_attempt_at"`,
    );
    await queryRunner.query(
      `ALTER TABLE "deliveries" RENAME CONSTRAINT "fk_deliveries_submission_id" TO "fk_sheet_deliveries_submission_id"`,
    );
    await queryRunner.query(`ALTER TABLE "deliveries" RENAME CONSTRAINT "ck_deliveries_status" TO "ck_sheet_deliveries_status"`);
    await queryRunner.query(`ALTER TABLE "deliveries" RENAME CONSTRAINT "pk_deliveries" TO "pk_sheet_deliveries"`);
    await queryRunner.query(`ALTER TABLE "deliveries" RENAME TO "sheet_deliveries"`);
  }
}
