import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How far the IMAP poller has read each mailbox: its UIDVALIDITY and the last UID taken (docs/conversation.md). */
export class ImapMailboxes1796710000000 implements MigrationInterface {
  name = 'ImapMailboxes1796710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "imap_mailboxes" ("mailbox" text NOT NULL, "uid_validity" bigint NOT NULL, "last_uid" bigint NOT NULL DEFAULT '0', "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_imap_mailboxes" PRIMARY KEY ("mailbox"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "imap_mailboxes"`);
  }
}
