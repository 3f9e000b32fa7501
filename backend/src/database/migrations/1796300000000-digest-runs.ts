import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per user and local date on which their daily digest was handled (src/mail/
 * daily-digest.service.ts): inserted with ON CONFLICT DO NOTHING in the transaction that
 * queues the e-mail, so however many replicas find the digest due, one sends it. And the
 * digests' deliveries by date, for erasure: a digest names many leads, so erasing one deletes
 * the digests that name it (it has no single submission_id to cascade from).
 */
export class DigestRuns1796300000000 implements MigrationInterface {
  name = 'DigestRuns1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "digest_runs" ("user_id" uuid NOT NULL, "local_date" date NOT NULL, "leads" integer NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_digest_runs" PRIMARY KEY ("user_id", "local_date"), CONSTRAINT "fk_digest_runs_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_deliveries_digest_created_at" ON "deliveries" ("created_at") WHERE "channel" = 'email' AND "event" = 'digest'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_deliveries_digest_created_at"`);
    await queryRunner.query(`DROP TABLE "digest_runs"`);
  }
}
