import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live `lead.created` carries the lead's `assigneeId` and `routing` (docs/routing.md): the
 * trigger's notifications become JSON arrays of `{ id, assigneeId, routing }`, ten leads a
 * notification (a rule's name is at most 100 characters: well under pg_notify's 8000 bytes).
 * Held leads still announce nothing (their release does).
 */
export class LeadCreatedRouting1796800000001 implements MigrationInterface {
  name = 'LeadCreatedRouting1796800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('lead_created', json_agg(json_build_object('id', id, 'assigneeId', assignee_id, 'routing', routing))::text)
           FROM (SELECT id, assignee_id, routing, (row_number() OVER () - 1) / 10 AS chunk FROM new_rows WHERE NOT held_as_spam) AS numbered
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION notify_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('lead_created', string_agg(id::text, ','))
           FROM (SELECT id, (row_number() OVER () - 1) / 100 AS chunk FROM new_rows WHERE NOT held_as_spam) AS numbered
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
  }
}
