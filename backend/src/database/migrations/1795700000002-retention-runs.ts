import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One row per day on which the RETENTION_DAYS erasure ran (src/erasure/retention.service.ts). */
export class RetentionRuns1795700000002 implements MigrationInterface {
  name = 'RetentionRuns1795700000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "retention_runs" ("run_on" date NOT NULL, "erased" integer NOT NULL, "finished_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_retention_runs" PRIMARY KEY ("run_on"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "retention_runs"`);
  }
}
