import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the inbox's filters (src/inbox/contact-filters.ts):
 * - `q`, a case- and accent-insensitive substring of name, e-mail, company or comments: a
 *   trigram (pg_trgm) GIN index on contact_search_text(…), their lower-cased, unaccented
 *   text. unaccent() is only STABLE (it reads a dictionary found by search_path), so it is
 *   wrapped in an IMMUTABLE function that names its dictionary, which an index may use.
 *   Fields are joined by a newline, which a search can never hold (the input rules refuse
 *   control characters in a query string), so no match spans two fields.
 * - `status`: (status, submitted_at) for the statuses that few rows have (spam, archived).
 * Both extensions ship with PostgreSQL (contrib) and are trusted since PostgreSQL 13: a
 * database owner without superuser may create them (managed services allow both).
 */
export class ContactSearchAndFilters1795600100000 implements MigrationInterface {
  name = 'ContactSearchAndFilters1795600100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public`);
    await queryRunner.query(`
      CREATE FUNCTION public.search_fold(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`);
    await queryRunner.query(`
      CREATE FUNCTION public.contact_search_text(name text, email text, company text, comments text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT public.search_fold(name || E'\\n' || email || E'\\n' || coalesce(company, '') || E'\\n' || coalesce(comments, '')) $$`);
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_search" ON "contact_submissions" USING gin (public.contact_search_text(name, email, company, comments) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_contact_submissions_status_submitted_at" ON "contact_submissions" ("status", "submitted_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_status_submitted_at"`);
    await queryRunner.query(`DROP INDEX "ix_contact_submissions_search"`);
    await queryRunner.query(`DROP FUNCTION public.contact_search_text(text, text, text, text)`);
    await queryRunner.query(`DROP FUNCTION public.search_fold(text)`);
    // The extensions stay: other objects may have come to use them.
  }
}
