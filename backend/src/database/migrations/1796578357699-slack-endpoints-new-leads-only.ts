import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A slack endpoint takes `lead.created` only (the API now refuses it any other event): the
 * other events a slack endpoint was saved with, which were never sent to it, are dropped, so
 * that its Edit dialog saves as it opens.
 */
export class SlackEndpointsNewLeadsOnly1796578357699 implements MigrationInterface {
  name = 'SlackEndpointsNewLeadsOnly1796578357699';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "webhook_endpoints" SET "events" = '{lead.created}' WHERE "format" = 'slack'`);
  }

  async down(): Promise<void> {
    // Nothing to undo: the events dropped were never sent.
  }
}
