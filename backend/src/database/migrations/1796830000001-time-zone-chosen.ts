import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the user chose their time zone (`PATCH /api/auth/me`): until then, a sign-in or an
 * invitation's acceptance takes the browser's zone in place of the default UTC. Accounts
 * already on another zone than UTC chose it.
 */
export class TimeZoneChosen1796830000001 implements MigrationInterface {
  name = 'TimeZoneChosen1796830000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "time_zone_chosen_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "users" SET "time_zone_chosen_at" = now() WHERE "time_zone" <> 'UTC'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "time_zone_chosen_at"`);
  }
}
