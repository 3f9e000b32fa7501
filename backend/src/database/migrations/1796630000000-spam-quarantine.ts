import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spam score of each submission and the hold: `spam_score`, `spam_reasons`, `held_as_spam`
 * and `released_at`. A held lead announces nothing on `lead_created` (the live count): the
 * trigger skips held rows; its release announces it (ContactReleaseService).
 */
export class SpamQuarantine1796630000000 implements MigrationInterface {
  name = 'SpamQuarantine1796630000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" ADD "spam_score" smallint NOT NULL DEFAULT 0,
         ADD "spam_reasons" text array NOT NULL DEFAULT '{}', ADD "held_as_spam" boolean NOT NULL DEFAULT false,
         ADD "released_at" TIMESTAMP(3) WITH TIME ZONE`,
    );
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('lead_created', string_agg(id::text, ','))
           FROM (SELECT id, (row_number() OVER () - 1) / 100 AS chunk FROM new_rows WHERE NOT held_as_spam) AS numbered
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('lead_created', string_agg(id::text, ','))
           FROM (SELECT id, (row_number() OVER () - 1) / 100 AS chunk FROM new_rows) AS numbered
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" DROP COLUMN "released_at", DROP COLUMN "held_as_spam", DROP COLUMN "spam_reasons", DROP COLUMN "spam_score"`,
    );
  }
}
