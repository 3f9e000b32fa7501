import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notification choices per kind of e-mail (docs/team-and-privacy.md, "Notification choices"):
 * the new-lead choice `instant` becomes `mine` (the leads routed or assigned to the person,
 * and the unassigned ones: what `instant` sent before leads arrived with an owner), the new
 * default; escalations and follow-up reminders can be turned off, on by default.
 */
export class NotificationChoices1796810000000 implements MigrationInterface {
  name = 'NotificationChoices1796810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "users" SET "notify_new_lead" = 'mine' WHERE "notify_new_lead" = 'instant'`);
    await queryRunner.query(
      `ALTER TABLE "users"
         ALTER COLUMN "notify_new_lead" SET DEFAULT 'mine',
         ADD "notify_escalations" boolean NOT NULL DEFAULT true,
         ADD "notify_follow_ups" boolean NOT NULL DEFAULT true`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users"
         DROP COLUMN "notify_follow_ups",
         DROP COLUMN "notify_escalations",
         ALTER COLUMN "notify_new_lead" SET DEFAULT 'instant'`,
    );
    // `all` sent more than `instant` and `mine` the same: both go back to `instant`.
    await queryRunner.query(`UPDATE "users" SET "notify_new_lead" = 'instant' WHERE "notify_new_lead" IN ('all', 'mine')`);
  }
}
