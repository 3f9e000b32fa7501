import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1763790000000 implements MigrationInterface {
  name = 'InitialSchema1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contact_submissions" ("id" text NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "email" text NOT NULL, "linkedin" text, "company" text, "interest" text NOT NULL, "comments" text, "submitted_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_contact_submissions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_submitted_at_id" ON "contact_submissions" ("submitted_at", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_interest_submitted_at" ON "contact_submissions" ("interest", "submitted_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" text NOT NULL DEFAULT gen_random_uuid(), "username" text NOT NULL, "password" text NOT NULL, CONSTRAINT "pk_users" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users" ("username")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "contact_submissions"`);
  }
}
