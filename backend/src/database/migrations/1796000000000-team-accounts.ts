import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team (docs/team-and-privacy.md): accounts gain an e-mail, a display name, a role, a time
 * zone, notification choices and a disabled state; invitations and password resets (their
 * tokens stored as SHA-256 only); an assignee per submission; the account behind each audit
 * event. The accounts that exist (the env admin) become `admin`s named by their username,
 * so an install upgraded from one shared login keeps working.
 */
export class TeamAccounts1796000000000 implements MigrationInterface {
  name = 'TeamAccounts1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users"
         ADD "email" text,
         ADD "display_name" text,
         ADD "role" character varying(16) NOT NULL DEFAULT 'admin',
         ADD "time_zone" text NOT NULL DEFAULT 'UTC',
         ADD "disabled_at" TIMESTAMP(3) WITH TIME ZONE,
         ADD "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
         ADD "last_sign_in_at" TIMESTAMP(3) WITH TIME ZONE,
         ADD "notify_new_lead" character varying(8) NOT NULL DEFAULT 'instant',
         ADD "notify_assigned" boolean NOT NULL DEFAULT true`,
    );
    // Existing accounts: admins named by their username; new ones always get both from the app.
    await queryRunner.query(`UPDATE "users" SET "display_name" = "username"`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "display_name" SET NOT NULL, ALTER COLUMN "role" DROP DEFAULT`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email")`);

    await queryRunner.query(
      `CREATE TABLE "invitations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" text NOT NULL, "role" character varying(16) NOT NULL,
         "token_hash" bytea NOT NULL, "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
         "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "invited_by" uuid,
         CONSTRAINT "pk_invitations" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_invitations_email" ON "invitations" ("email")`);
    await queryRunner.query(
      `ALTER TABLE "invitations" ADD CONSTRAINT "fk_invitations_invited_by" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "password_resets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "token_hash" bytea NOT NULL,
         "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "pk_password_resets" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_password_resets_user_id" ON "password_resets" ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "password_resets" ADD CONSTRAINT "fk_password_resets_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(`ALTER TABLE "contact_submissions" ADD "assignee_id" uuid`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_assignee_id_submitted_at_id" ON "contact_submissions" ("assignee_id", "submitted_at", "id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "contact_submissions" ADD CONSTRAINT "fk_contact_submissions_assignee_id" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );

    await queryRunner.query(`ALTER TABLE "audit_events" ADD "actor_id" uuid`);
    // Events from before: the username they name is the account's (usernames were unique then too).
    await queryRunner.query(`UPDATE "audit_events" e SET "actor_id" = u."id" FROM "users" u WHERE u."username" = e."actor"`);
    await queryRunner.query(`CREATE INDEX "ix_audit_events_actor_id_at" ON "audit_events" ("actor_id", "at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_audit_events_actor_id_at"`);
    await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "actor_id"`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP CONSTRAINT "fk_contact_submissions_assignee_id"`);
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_assignee_id_submitted_at_id"`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP COLUMN "assignee_id"`);
    await queryRunner.query(`DROP TABLE "password_resets"`);
    await queryRunner.query(`DROP TABLE "invitations"`);
    await queryRunner.query(`DROP INDEX "uq_users_email"`);
    await queryRunner.query(
      `ALTER TABLE "users" DROP COLUMN "email", DROP COLUMN "display_name", DROP COLUMN "role", DROP COLUMN "time_zone",
         DROP COLUMN "disabled_at", DROP COLUMN "created_at", DROP COLUMN "last_sign_in_at", DROP COLUMN "notify_new_lead",
         DROP COLUMN "notify_assigned"`,
    );
  }
}
