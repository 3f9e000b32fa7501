import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Idempotency-Key of each submission that came with one (src/intake/contact-idempotency.ts):
 * a retry with the same key answers the first answer again. Erasing the submission erases it.
 */
export class ContactIdempotencyKeys1795500000000 implements MigrationInterface {
  name = 'ContactIdempotencyKeys1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contact_idempotency_keys" ("key" text NOT NULL, "submission_id" text NOT NULL, "request_hash" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_contact_idempotency_keys" PRIMARY KEY ("key"), CONSTRAINT "fk_contact_idempotency_keys_submission_id" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_contact_idempotency_keys_submission_id" ON "contact_idempotency_keys" ("submission_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_contact_idempotency_keys_created_at" ON "contact_idempotency_keys" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "contact_idempotency_keys"`);
  }
}
