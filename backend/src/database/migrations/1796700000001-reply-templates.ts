import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The team's reply templates (src/conversation/): a name, an optional subject and a body with variables. */
export class ReplyTemplates1796700000001 implements MigrationInterface {
  name = 'ReplyTemplates1796700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "reply_templates" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "subject" text, "body" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_reply_templates" PRIMARY KEY ("id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "reply_templates"`);
  }
}
