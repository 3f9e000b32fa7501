import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The escalation scan's claim (response-time-scan.service.ts) looks for leads still new, due,
 * and not escalated yet, oldest due first. `ix_contact_submissions_response_due_at` holds every
 * new lead, escalated or not, and a new lead once escalated stays so: with many of them (a
 * million leads, forty per cent never worked; 1796581933046 escalated every old one at once)
 * the claim read each of them to find none, every RESPONSE_SCAN_INTERVAL_MS on every replica
 * (760 ms of PostgreSQL's CPU per scan at a million leads, a burst that delayed every request
 * beside it). This index holds only the leads the claim can take: it reads what it claims.
 */
export class UnescalatedDueIndex1796850000000 implements MigrationInterface {
  name = 'UnescalatedDueIndex1796850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_unescalated_due" ON "contact_submissions" ("response_due_at") WHERE "status" = 'new' AND "escalated_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_unescalated_due"`);
  }
}
