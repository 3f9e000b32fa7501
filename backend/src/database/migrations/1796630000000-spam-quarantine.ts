import type { MigrationInterface, QueryRunner } from 'typeorm';

const BUCKET = `date_bin('15 minutes', submitted_at, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;

/**
 * The analytics' deltas (1795400000000), of the rows `counted` keeps: spam (held at intake
 * or marked by hand) is not counted; its release, or any status but spam, counts it again.
 */
const appendDeltas = (counted: string) => `
  CREATE OR REPLACE FUNCTION append_contact_submission_deltas() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO contact_submission_deltas (interest, bucket_start, submissions, with_company)
      SELECT interest, ${BUCKET}, -count(*), -count(company) FROM old_rows WHERE ${counted} GROUP BY 1, 2;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO contact_submission_deltas (interest, bucket_start, submissions, with_company)
      SELECT interest, ${BUCKET}, count(*), count(company) FROM new_rows WHERE ${counted} GROUP BY 1, 2;
    END IF;
    RETURN NULL;
  END $$`;

/** A delta that takes the leads marked spam out of the counts (`-`), or puts them back (''). */
const spamDeltas = (sign: '-' | '') => `
  INSERT INTO contact_submission_deltas (interest, bucket_start, submissions, with_company)
  SELECT interest, ${BUCKET}, ${sign}count(*), ${sign}count(company) FROM contact_submissions WHERE status = 'spam' GROUP BY 1, 2`;

/**
 * The spam score of each submission and the hold: `spam_score`, `spam_reasons`, `held_as_spam`
 * and `released_at`. A held lead announces nothing on `lead_created` (the live count): the
 * trigger skips held rows; its release announces it (ContactRelease). Nor is it counted in
 * the analytics' cards and trend, nor is a lead marked spam by hand: the deltas skip spam
 * rows, so a release or a status other than spam counts it again.
 */
export class SpamQuarantine1796630000000 implements MigrationInterface {
  name = 'SpamQuarantine1796630000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" ADD "spam_score" smallint NOT NULL DEFAULT 0,
         ADD "spam_reasons" jsonb NOT NULL DEFAULT '[]', ADD "held_as_spam" boolean NOT NULL DEFAULT false,
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
    await queryRunner.query(appendDeltas("status <> 'spam'"));
    // The leads already marked spam leave the counts.
    await queryRunner.query(spamDeltas('-'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(spamDeltas(''));
    await queryRunner.query(appendDeltas('true'));
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
