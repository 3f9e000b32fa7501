import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Admin sessions (the layout connect-pg-simple reads) and the shared rate-limit counters. */
export class SessionsAndRateLimits1763800000000 implements MigrationInterface {
  name = 'SessionsAndRateLimits1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_sessions" ("sid" varchar NOT NULL, "sess" json NOT NULL, "expire" timestamp(6) NOT NULL, CONSTRAINT "pk_user_sessions" PRIMARY KEY ("sid"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_user_sessions_expire" ON "user_sessions" ("expire")`);
    await queryRunner.query(
      `CREATE TABLE "rate_limits" ("key" text NOT NULL, "hits" integer NOT NULL, "resets_at" timestamptz NOT NULL, CONSTRAINT "pk_rate_limits" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_rate_limits_resets_at" ON "rate_limits" ("resets_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_limits"`);
    await queryRunner.query(`DROP TABLE "user_sessions"`);
  }
}
