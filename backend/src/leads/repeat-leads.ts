import type { EntityManager } from 'typeorm';
import type { ContactSubmission } from './contact-submission.entity.js';

/**
 * A person is recognised by their canonical e-mail: `canonical_email(email)` in SQL (migration
 * 1796578357697): trimmed, lower-cased, surrounding quotes removed and a `+tag` dropped, so
 * `"Ada+jobs"@Example.com` and `ada@example.com` are one person. Every query below is served
 * by ix_contact_submissions_canonical_email.
 */

/**
 * The first submission (earliest submitted_at, then id) of each of these people: one probe of
 * the index per e-mail, whatever the table's size. $1 the e-mails as typed.
 */
export const FIRST_SUBMISSIONS = `
  SELECT e.email, first.id
    FROM unnest($1::text[]) AS e(email)
    CROSS JOIN LATERAL (
      SELECT id FROM contact_submissions
       WHERE canonical_email(email) = canonical_email(e.email)
       ORDER BY submitted_at, id
       LIMIT 1
    ) AS first`;

/**
 * `repeatOf` of each row: the id of the earliest submission of the same person, or null when
 * the row is that earliest one.
 */
export async function repeatsOf(manager: EntityManager, rows: ContactSubmission[]): Promise<Map<string, string | null>> {
  const emails = [...new Set(rows.map((row) => row.email))];
  const firsts = await manager.query<Array<{ email: string; id: string }>>(FIRST_SUBMISSIONS, [emails]);
  const firstOf = new Map(firsts.map((first) => [first.email, first.id]));
  return new Map(
    rows.map((row) => {
      const first = firstOf.get(row.email);
      return [row.id, first === undefined || first === row.id ? null : first];
    }),
  );
}

/** The person's other submissions, newest first. */
export function otherSubmissionsOf(
  manager: EntityManager,
  row: ContactSubmission,
): Promise<Array<Pick<ContactSubmission, 'id' | 'submittedAt' | 'interest' | 'status'>>> {
  return manager.query(
    `SELECT id, submitted_at AS "submittedAt", interest, status FROM contact_submissions
      WHERE canonical_email(email) = canonical_email($1) AND id <> $2
      ORDER BY submitted_at DESC, id DESC`,
    [row.email, row.id],
  );
}

/**
 * The returning lead's owner, in SQL for the contact form's batch statement: the assignee of
 * the person's most recent assigned submission (`email` the SQL of the new one's e-mail),
 * while that account is an active member or admin; NULL otherwise (a disabled or demoted
 * owner's lead goes to the whole team, as a new lead does). With `lock`, the owner's row is
 * key-share locked: see POOL_LOCK in lead-routing.sql.ts.
 */
export const returningOwnerSql = (email: string, lock = false) => `(
  SELECT owner.id FROM (
    SELECT c.assignee_id FROM contact_submissions c
     WHERE canonical_email(c.email) = canonical_email(${email}) AND c.assignee_id IS NOT NULL
     ORDER BY c.submitted_at DESC, c.id DESC LIMIT 1
  ) latest JOIN users owner ON owner.id = latest.assignee_id AND owner.disabled_at IS NULL AND owner.role IN ('admin', 'member')
  ${lock ? 'FOR KEY SHARE OF owner' : ''})`;

/**
 * `repeatOf` in SQL for a submission being stored (`email` as above): the person's earliest
 * submission before it (the statement storing it does not see its own row).
 */
export const repeatOfSql = (email: string) => `(
  SELECT c.id FROM contact_submissions c
   WHERE canonical_email(c.email) = canonical_email(${email})
   ORDER BY c.submitted_at, c.id LIMIT 1)`;
