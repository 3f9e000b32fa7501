import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Working together: a lead's notes become a thread (`contact_notes`, one row per note with its
 * author and time), and each lead gets a `version`, raised by every change, which its ETag
 * carries so that a save made on a stale screen is refused (If-Match). A lead's single note
 * becomes the first entry of its thread (no author; written when its last `note` event says,
 * or when the lead arrived), and the old column goes.
 */
export class NoteThreads1796540000000 implements MigrationInterface {
  name = 'NoteThreads1796540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_submissions" ADD "version" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(
      `CREATE TABLE "contact_notes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "submission_id" uuid NOT NULL, "author_id" uuid, "body" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_contact_notes" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_contact_notes_submission_id_created_at" ON "contact_notes" ("submission_id", "created_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "contact_notes" ADD CONSTRAINT "fk_contact_notes_submission_id" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "contact_notes" ADD CONSTRAINT "fk_contact_notes_author_id" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`
      INSERT INTO "contact_notes" ("submission_id", "author_id", "body", "created_at")
      SELECT s.id, NULL, s.note, coalesce(
               (SELECT max(a.at) FROM audit_events a WHERE a.submission_id = s.id AND a.action = 'note'), s.submitted_at)
        FROM "contact_submissions" s
       WHERE s.note IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP COLUMN "note"`);
  }

  /** Back to one note per lead: the newest of its thread. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_submissions" ADD "note" text`);
    await queryRunner.query(`
      UPDATE "contact_submissions" s SET "note" = n.body
        FROM (SELECT DISTINCT ON (submission_id) submission_id, body FROM "contact_notes"
               ORDER BY submission_id, created_at DESC) n
       WHERE n.submission_id = s.id`);
    await queryRunner.query(`DROP TABLE "contact_notes"`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP COLUMN "version"`);
  }
}
