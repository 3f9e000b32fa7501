import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The foreign keys onto contact_submissions.id, which must go while the types change. */
const FOREIGN_KEYS = [
  ['sheet_deliveries', 'fk_sheet_deliveries_submission_id', 'ON DELETE CASCADE ON UPDATE NO ACTION'],
  ['contact_idempotency_keys', 'fk_contact_idempotency_keys_submission_id', 'ON DELETE CASCADE'],
] as const;

/** `ALTER COLUMN … TYPE` for each column, with its default taken off and put back around the change. */
function retype(table: string, columns: Array<[column: string, type: string, hasDefault: boolean]>): string {
  const changes = columns.flatMap(([column, type, hasDefault]) => [
    ...(hasDefault ? [`ALTER COLUMN "${column}" DROP DEFAULT`] : []),
    `ALTER COLUMN "${column}" TYPE ${type} USING "${column}"::${type}`,
    ...(hasDefault ? [`ALTER COLUMN "${column}" SET DEFAULT gen_random_uuid()`] : []),
  ]);
  return `ALTER TABLE "${table}" ${changes.join(', ')}`;
}

/**
 * Every id a `uuid` (they were `text` holding UUIDs): 16 bytes instead of 37, and a
 * malformed id is refused by the type rather than by a pattern in the code. The values are
 * kept (a text UUID casts to the same uuid). Each table is rewritten under an exclusive
 * lock, which takes a moment per million rows. audit_events.submission_id was a uuid already.
 */
export class UuidIds1795800000000 implements MigrationInterface {
  name = 'UuidIds1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.change(queryRunner, 'uuid');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.change(queryRunner, 'text');
  }

  private async change(queryRunner: QueryRunner, type: 'uuid' | 'text'): Promise<void> {
    for (const [table, name] of FOREIGN_KEYS) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
    }
    await queryRunner.query(retype('contact_submissions', [['id', type, true]]));
    await queryRunner.query(retype('users', [['id', type, true]]));
    await queryRunner.query(
      retype('sheet_deliveries', [
        ['id', type, true],
        ['submission_id', type, false],
        ['erased_ids', `${type}[]`, false],
      ]),
    );
    await queryRunner.query(retype('contact_idempotency_keys', [['submission_id', type, false]]));
    for (const [table, name, actions] of FOREIGN_KEYS) {
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" FOREIGN KEY ("submission_id") REFERENCES "contact_submissions"("id") ${actions}`,
      );
    }
  }
}
