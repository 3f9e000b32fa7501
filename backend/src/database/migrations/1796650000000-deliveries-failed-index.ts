import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The failed deliveries by channel: what the metrics' scrape counts (deliveries/delivery-metrics.service.ts)
 * every 15 s or so in every replica. Failed rows stay in the table among the delivered ones, the bulk
 * of it over the years; without this index each scrape would read the whole table.
 */
export class DeliveriesFailedIndex1796650000000 implements MigrationInterface {
  name = 'DeliveriesFailedIndex1796650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_deliveries_failed_channel" ON "deliveries" ("channel") WHERE "status" = 'failed'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_deliveries_failed_channel"`);
  }
}
