import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox of the spreadsheet sync (src/sheets/). */
export class SheetDeliveries1795326600000 implements MigrationInterface {
  name = 'SheetDeliveries1795326600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sheet_deliveries" ("id" text NOT NULL DEFAULT gen_random_uuid(), "submission_id" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT 0, "next_attempt_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "last_error" text, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "delivered_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "ck_sheet_deliveries_status" CHECK ("status" IN ('pending', 'delivered', 'failed')), CONSTRAINT "pk_sheet_deliveries" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_sheet_deliveries_submission_id" ON "sheet_deliveries" ("submission_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_sheet_deliveries_pending_next_attempt_at" ON "sheet_deliveries" ("next_attempt_at") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(
      `ALTER TABLE "sheet_deliveries" ADD CONSTRAINT "fk_sheet_deliveries_submission_id" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sheet_deliveries"`);
  }
}
