import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The auto-reply's sender: a display name for its From and a Reply-To address, both optional. */
export class AutoReplySender1796578357698 implements MigrationInterface {
  name = 'AutoReplySender1796578357698';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auto_reply_settings" ADD "reply_to" text, ADD "from_name" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auto_reply_settings" DROP COLUMN "from_name", DROP COLUMN "reply_to"`);
  }
}
