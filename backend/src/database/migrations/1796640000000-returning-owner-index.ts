import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person's assigned submissions, newest last: the intake's returning-lead lookup (the owner
 * of the person's most recent assigned lead) reads one index entry. Without it, that lookup
 * walked every earlier submission of the address when none was assigned, so one address sent
 * again and again made each insert slower than the last.
 */
export class ReturningOwnerIndex1796640000000 implements MigrationInterface {
  name = 'ReturningOwnerIndex1796640000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_canonical_email_assigned" ON "contact_submissions"
         (public.canonical_email("email"), "submitted_at", "id") WHERE "assignee_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_canonical_email_assigned"`);
  }
}
