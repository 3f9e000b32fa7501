import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The conversation (docs/conversation.md): a lead's messages (`lead_messages`, sent and
 * received) and their attachments, the per-lead reply token of the Reply-To address, the
 * list's `last_message_at` / `awaiting_reply` on the lead, and each account's signature and
 * reply e-mail choice (`instant` for admins and members, `off` for viewers, as the new-lead
 * e-mail starts). Everything of a lead cascades from it: erasure removes it all.
 */
export class Conversation1796700000000 implements MigrationInterface {
  name = 'Conversation1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lead_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "submission_id" uuid NOT NULL, "direction" character varying(3) NOT NULL, "author_id" uuid, "from_address" text NOT NULL, "to_address" text NOT NULL, "subject" text NOT NULL DEFAULT '', "text" text NOT NULL DEFAULT '', "quoted_text" text, "message_id" text NOT NULL, "in_reply_to" text, "references" text, "sent_at" TIMESTAMP(3) WITH TIME ZONE, "received_at" TIMESTAMP(3) WITH TIME ZONE, "matched_by" character varying(8), "automatic" boolean NOT NULL DEFAULT false, "state" character varying(8), "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_lead_messages_state" CHECK ("state" IN ('queued', 'sent', 'failed')), CONSTRAINT "ck_lead_messages_matched_by" CHECK ("matched_by" IN ('thread', 'token', 'address')), CONSTRAINT "ck_lead_messages_direction" CHECK ("direction" IN ('in', 'out')), CONSTRAINT "pk_lead_messages" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_lead_messages_message_id" ON "lead_messages" ("message_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_lead_messages_submission_id_created_at" ON "lead_messages" ("submission_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "lead_message_attachments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "message_id" uuid NOT NULL, "filename" text NOT NULL, "content_type" text NOT NULL, "size" integer NOT NULL, "content" bytea, CONSTRAINT "pk_lead_message_attachments" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_lead_message_attachments_message_id" ON "lead_message_attachments" ("message_id")`);
    await queryRunner.query(
      `CREATE TABLE "lead_reply_tokens" ("submission_id" uuid NOT NULL, "token" text NOT NULL, CONSTRAINT "pk_lead_reply_tokens" PRIMARY KEY ("submission_id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_lead_reply_tokens_token" ON "lead_reply_tokens" ("token")`);
    await queryRunner.query(`ALTER TABLE "users" ADD "notify_replies" character varying(8) NOT NULL DEFAULT 'instant'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "signature" text`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" ADD "last_message_at" TIMESTAMP(3) WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" ADD "awaiting_reply" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_awaiting_reply" ON "contact_submissions" ("submitted_at", "id") WHERE "awaiting_reply"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_messages" ADD CONSTRAINT "fk_lead_messages_submission_id" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_messages" ADD CONSTRAINT "fk_lead_messages_author_id" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_message_attachments" ADD CONSTRAINT "fk_lead_message_attachments_message_id" FOREIGN KEY ("message_id") REFERENCES "lead_messages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_reply_tokens" ADD CONSTRAINT "fk_lead_reply_tokens_submission_id" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`UPDATE "users" SET "notify_replies" = 'off' WHERE "role" = 'viewer'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_awaiting_reply"`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP COLUMN "awaiting_reply"`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP COLUMN "last_message_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "signature"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "notify_replies"`);
    await queryRunner.query(`DROP TABLE "lead_reply_tokens"`);
    await queryRunner.query(`DROP TABLE "lead_message_attachments"`);
    await queryRunner.query(`DROP TABLE "lead_messages"`);
  }
}
