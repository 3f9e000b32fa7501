import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (the encrypted TOTP secret, when it was turned on, the last step used and
 * the recovery codes' hashes) and the sign-in record of each account (sign_ins).
 */
export class TwoFactorAndSignIns1796510000000 implements MigrationInterface {
  name = 'TwoFactorAndSignIns1796510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users" ADD "two_factor_secret" text, ADD "two_factor_enabled_at" TIMESTAMP(3) WITH TIME ZONE, ADD "two_factor_last_step" bigint, ADD "two_factor_recovery_codes" text array NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(
      `CREATE TABLE "sign_ins" ("id" BIGSERIAL NOT NULL, "user_id" uuid NOT NULL, "at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "ip" text NOT NULL, "user_agent" text NOT NULL, "success" boolean NOT NULL, CONSTRAINT "pk_sign_ins" PRIMARY KEY ("id"), CONSTRAINT "fk_sign_ins_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sign_ins_user_id_at" ON "sign_ins" ("user_id", "at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sign_ins"`);
    await queryRunner.query(
      `ALTER TABLE "users" DROP COLUMN "two_factor_recovery_codes", DROP COLUMN "two_factor_last_step", DROP COLUMN "two_factor_enabled_at", DROP COLUMN "two_factor_secret"`,
    );
  }
}
