import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One person, one account name, whatever the spelling:
 * - `canonical_email(text)`: an e-mail as a person is recognised by it (trimmed, lower-cased,
 *   surrounding quotes removed, a `+tag` dropped), and the index on it that finds a person's
 *   submissions (returning leads, `repeatOf`, the other submissions, erasure by e-mail). It
 *   replaces the index on the trimmed, lower-cased e-mail, so a submission still writes as
 *   many index entries as before.
 * - Usernames unique whatever their letter case (sign-in ignores it). Accounts whose username
 *   differs from an older one's only in case are renamed `<username>-<first 8 characters of
 *   their id>` (they still sign in with their e-mail, and "Forgot password?" tells them the
 *   new name).
 */
export class CanonicalEmailsAndUsernames1796578357697 implements MigrationInterface {
  name = 'CanonicalEmailsAndUsernames1796578357697';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION public.canonical_email(email text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN regexp_replace(
          regexp_replace(regexp_replace(lower(btrim(email)), '^"(.*)"$', '\\1'), '^"(.*)"@', '\\1@'),
          '^([^@+]+)\\+[^@]*@', '\\1@')`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_canonical_email" ON "contact_submissions" (public.canonical_email("email"), "submitted_at", "id")`,
    );
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_normalised_email"`);

    await queryRunner.query(`
      UPDATE "users" u SET "username" = u."username" || '-' || left(u."id"::text, 8)
        FROM "users" older
       WHERE lower(older."username") = lower(u."username")
         AND (older."created_at", older."id") < (u."created_at", u."id")`);
    await queryRunner.query(`DROP INDEX "uq_users_username"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users" (lower("username"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_users_username"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users" ("username")`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_normalised_email" ON "contact_submissions" (lower(btrim("email")), "submitted_at", "id")`,
    );
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_canonical_email"`);
    await queryRunner.query(`DROP FUNCTION public.canonical_email(text)`);
  }
}
