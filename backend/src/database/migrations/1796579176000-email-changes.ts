import type { MigrationInterface, QueryRunner } from 'typeorm';

/** E-mail changes waiting for the new address's confirmation (the token stored as its SHA-256). */
export class EmailChanges1796579176000 implements MigrationInterface {
  name = 'EmailChanges1796579176000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_changes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "email" text NOT NULL,
         "token_hash" bytea NOT NULL, "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "pk_email_changes" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_email_changes_user_id" ON "email_changes" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "email_changes" ADD CONSTRAINT "fk_email_changes_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_changes"`);
  }
}
