import type { MigrationInterface, QueryRunner } from 'typeorm';

const BUCKET = `date_bin('15 minutes', submitted_at, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;
// The rows counted (1796630000000): spam, held or marked, is not.
const COUNTED = `status <> 'spam'`;

/** The deltas of the rows the analytics count (as 1796630000000 left them), `guard` first. */
const appendDeltas = (guard: string) => `
  CREATE OR REPLACE FUNCTION append_contact_submission_deltas() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN${guard}
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO contact_submission_deltas (interest, bucket_start, submissions, with_company)
      SELECT interest, ${BUCKET}, -count(*), -count(company) FROM old_rows WHERE ${COUNTED} GROUP BY 1, 2;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO contact_submission_deltas (interest, bucket_start, submissions, with_company)
      SELECT interest, ${BUCKET}, count(*), count(company) FROM new_rows WHERE ${COUNTED} GROUP BY 1, 2;
    END IF;
    RETURN NULL;
  END $$`;

/**
 * An UPDATE that changes nothing the analytics count — interest, submitted_at, company or
 * whether the row is counted — appends no delta: before, every update of a lead (a reply
 * received, a note, its version) appended a -1 and a +1 per row, two index insertions and a
 * roll-up's work for nothing; at the inbound endpoint's 200 messages a second, 400 rows a
 * second. An update that changes one of them for some row appends the deltas of all its rows,
 * as before (the others' cancel out).
 */
// Nested: the condition names old_rows, which an INSERT's or a DELETE's trigger has not (one
// expression is planned whole).
const UNCHANGED_COUNTS_GUARD = `
    IF TG_OP = 'UPDATE' THEN
      IF NOT EXISTS (
        SELECT FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (o.interest, o.submitted_at, o.company, o.status <> 'spam')
               IS DISTINCT FROM (n.interest, n.submitted_at, n.company, n.status <> 'spam')
      ) THEN
        RETURN NULL;
      END IF;
    END IF;`;

export class DeltasOfCountedChanges1796840000000 implements MigrationInterface {
  name = 'DeltasOfCountedChanges1796840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(appendDeltas(UNCHANGED_COUNTS_GUARD));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(appendDeltas(''));
  }
}
