import type { MigrationInterface, QueryRunner } from 'typeorm';

const COLUMNS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_path',
  'consent_version',
];

/**
 * Where each lead came from and which consent notice it saw (all optional), and the index
 * on the normalised e-mail (trimmed, lower-cased) that finds a person's submissions: the
 * earliest one for `repeatOf`, all of them for the detail view and for erasure by e-mail.
 */
export class ContactProvenance1795700000000 implements MigrationInterface {
  name = 'ContactProvenance1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Nullable columns without a default: PostgreSQL adds them without rewriting the table.
    await queryRunner.query(`ALTER TABLE "contact_submissions" ${COLUMNS.map((column) => `ADD "${column}" text`).join(', ')}`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_normalised_email" ON "contact_submissions" (lower(btrim("email")), "submitted_at", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_normalised_email"`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" ${COLUMNS.map((column) => `DROP COLUMN "${column}"`).join(', ')}`);
  }
}
