import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The visitor's auto-reply (docs/integrations.md, "E-mail"): its settings, one row (off until an admin turns it on),
 * and the 24-hour guard: one row per address that got one, keyed by the SHA-256 of the
 * normalised address (the address itself is not kept twice), tied to the submission that
 * caused it so erasing that submission erases the row; and an index for a lead's e-mails.
 */
export class AutoReply1796400000000 implements MigrationInterface {
  name = 'AutoReply1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auto_reply_settings" ("id" boolean NOT NULL DEFAULT true, "enabled" boolean NOT NULL DEFAULT false, "subject" text NOT NULL, "body" text NOT NULL, "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_auto_reply_settings_one_row" CHECK ("id"), CONSTRAINT "pk_auto_reply_settings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`INSERT INTO "auto_reply_settings" ("subject", "body") VALUES ($1, $2)`, [
      'Thanks for getting in touch',
      'Hi {name},\n\nThank you for your message. We have received it and will get back to you soon.\n\nBest regards',
    ]);
    await queryRunner.query(
      `CREATE TABLE "auto_reply_recipients" ("address_hash" text NOT NULL, "submission_id" uuid NOT NULL, "sent_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_auto_reply_recipients" PRIMARY KEY ("address_hash"), CONSTRAINT "fk_auto_reply_recipients_submission_id" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_auto_reply_recipients_submission_id" ON "auto_reply_recipients" ("submission_id")`);
    // A lead's e-mails, newest first (GET /api/admin/contacts/:id/emails).
    await queryRunner.query(
      `CREATE INDEX "ix_deliveries_email_submission_id_created_at" ON "deliveries" ("submission_id", "created_at") WHERE "channel" = 'email'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_deliveries_email_submission_id_created_at"`);
    await queryRunner.query(`DROP TABLE "auto_reply_recipients"`);
    await queryRunner.query(`DROP TABLE "auto_reply_settings"`);
  }
}
