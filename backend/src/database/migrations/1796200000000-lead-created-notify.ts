import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every stored lead announces itself on the PostgreSQL channel `lead_created`, delivered to
 * the listeners of every API replica when its transaction commits (and never if it rolls
 * back), for the dashboard's live count (src/events/). A statement-level trigger, like the
 * counters' deltas: the contact form's one batch statement gets one NOTIFY per 100 leads
 * (ids comma-separated; a payload stays far below PostgreSQL's 8000 bytes), and no query
 * is added to the write path.
 */
export class LeadCreatedNotify1796200000000 implements MigrationInterface {
  name = 'LeadCreatedNotify1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('lead_created', string_agg(id::text, ','))
           FROM (SELECT id, (row_number() OVER () - 1) / 100 AS chunk FROM new_rows) AS numbered
          GROUP BY chunk;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_contact_submissions_notify_insert" AFTER INSERT ON "contact_submissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_lead_created()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_contact_submissions_notify_insert" ON "contact_submissions"`);
    await queryRunner.query(`DROP FUNCTION notify_lead_created()`);
  }
}
