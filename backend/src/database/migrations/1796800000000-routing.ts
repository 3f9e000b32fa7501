import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Routing (docs/routing.md): the rules and the fallback (one row, versioned for If-Match), a
 * round-robin cursor per rule (locked by the intake's statement, so replicas share the turn),
 * `away` on accounts, and `routing` on a lead: the rule and reason that gave it its assignee.
 */
export class Routing1796800000000 implements MigrationInterface {
  name = 'Routing1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "routing_settings" ("id" boolean NOT NULL DEFAULT true, "rules" jsonb NOT NULL DEFAULT '[]', "fallback" jsonb, "version" integer NOT NULL DEFAULT '1', "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_routing_settings_one_row" CHECK ("id"), CONSTRAINT "pk_routing_settings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`INSERT INTO "routing_settings" ("id") VALUES (true)`);
    await queryRunner.query(
      `CREATE TABLE "routing_cursors" ("key" text NOT NULL, "position" bigint NOT NULL DEFAULT '0', CONSTRAINT "pk_routing_cursors" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "away" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "contact_submissions" ADD "routing" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_submissions" DROP COLUMN "routing"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "away"`);
    await queryRunner.query(`DROP TABLE "routing_cursors"`);
    await queryRunner.query(`DROP TABLE "routing_settings"`);
  }
}
