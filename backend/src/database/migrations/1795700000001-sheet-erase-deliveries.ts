import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spreadsheet outbox also carries erasures: an `erase` delivery holds the ids of the
 * erased submissions rather than one submission (which no longer exists).
 */
export class SheetEraseDeliveries1795700000001 implements MigrationInterface {
  name = 'SheetEraseDeliveries1795700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "sheet_deliveries" ADD "action" text NOT NULL DEFAULT 'append', ADD "erased_ids" text array, ALTER COLUMN "submission_id" DROP NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "sheet_deliveries" ADD CONSTRAINT "ck_sheet_deliveries_action" CHECK (("action" = 'append' AND "submission_id" IS NOT NULL AND "erased_ids" IS NULL) OR ("action" = 'erase' AND "submission_id" IS NULL AND "erased_ids" IS NOT NULL))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "sheet_deliveries" WHERE "action" = 'erase'`);
    await queryRunner.query(`ALTER TABLE "sheet_deliveries" DROP CONSTRAINT "ck_sheet_deliveries_action"`);
    await queryRunner.query(
      `ALTER TABLE "sheet_deliveries" DROP COLUMN "erased_ids", DROP COLUMN "action", ALTER COLUMN "submission_id" SET NOT NULL`,
    );
  }
}
