import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booking links and the meetings that come back (docs/booking.md): each account's own
 * `booking_url`, the team's default link and scheduling tool (`booking_settings`, one row),
 * the meetings booked by leads (`meetings`, erased with their lead) and the calendar events
 * already taken (`booking_events`: a provider's booking id and event, taken once).
 */
export class Booking1796820000000 implements MigrationInterface {
  name = 'Booking1796820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "booking_url" text`);
    await queryRunner.query(
      `CREATE TABLE "booking_settings" ("id" boolean NOT NULL DEFAULT true, "default_url" text, "provider" character varying(8) NOT NULL DEFAULT 'other', "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_booking_settings_provider" CHECK ("provider" IN ('calcom', 'calendly', 'other')), CONSTRAINT "ck_booking_settings_one_row" CHECK ("id"), CONSTRAINT "pk_booking_settings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`INSERT INTO "booking_settings" ("id") VALUES (true)`);
    await queryRunner.query(
      `CREATE TABLE "meetings" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "submission_id" uuid NOT NULL, "provider" character varying(8) NOT NULL, "booking_id" text NOT NULL, "start_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "end_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "status" character varying(9) NOT NULL, "location" text, "organizer_email" text, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_meetings_status" CHECK ("status" IN ('booked', 'cancelled')), CONSTRAINT "ck_meetings_provider" CHECK ("provider" IN ('calcom', 'calendly')), CONSTRAINT "pk_meetings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_meetings_provider_booking_id" ON "meetings" ("provider", "booking_id")`);
    await queryRunner.query(`CREATE INDEX "ix_meetings_submission_id_start_at" ON "meetings" ("submission_id", "start_at")`);
    await queryRunner.query(`CREATE INDEX "ix_meetings_booked_end_at" ON "meetings" ("end_at") WHERE "status" = 'booked'`);
    await queryRunner.query(
      `CREATE TABLE "booking_events" ("provider" character varying(8) NOT NULL, "booking_id" text NOT NULL, "event" character varying(32) NOT NULL, "submission_id" uuid NOT NULL, "received_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_booking_events" PRIMARY KEY ("provider", "booking_id", "event"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_booking_events_submission_id" ON "booking_events" ("submission_id")`);
    await queryRunner.query(
      `ALTER TABLE "meetings" ADD CONSTRAINT "fk_meetings_submission_id" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "booking_events" ADD CONSTRAINT "fk_booking_events_submission_id" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "booking_events"`);
    await queryRunner.query(`DROP TABLE "meetings"`);
    await queryRunner.query(`DROP TABLE "booking_settings"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "booking_url"`);
  }
}
