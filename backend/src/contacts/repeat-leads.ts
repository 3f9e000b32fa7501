import type { EntityManager } from 'typeorm';
import type { ContactSubmission } from '../contact/contact-submission.entity.js';

/** The contract's normalised e-mail: trimmed and lower-cased (as the index and SQL below). */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The first submission (earliest submitted_at, then id) of each of these people, by
 * normalised e-mail: one probe of ix_contact_submissions_normalised_email per e-mail,
 * whatever the table's size.
 */
export const FIRST_SUBMISSIONS = `
  SELECT e.email, first.id
    FROM unnest($1::text[]) AS e(email)
    CROSS JOIN LATERAL (
      SELECT id FROM contact_submissions
       WHERE lower(btrim(email)) = e.email
       ORDER BY submitted_at, id
       LIMIT 1
    ) AS first`;

/**
 * `repeatOf` of each row: the id of the earliest submission with the same normalised
 * e-mail, or null when the row is that earliest one.
 */
export async function repeatsOf(manager: EntityManager, rows: ContactSubmission[]): Promise<Map<string, string | null>> {
  const emails = [...new Set(rows.map((row) => normalisedEmail(row.email)))];
  const firsts = await manager.query<Array<{ email: string; id: string }>>(FIRST_SUBMISSIONS, [emails]);
  const firstOf = new Map(firsts.map((first) => [first.email, first.id]));
  return new Map(
    rows.map((row) => {
      const first = firstOf.get(normalisedEmail(row.email));
      return [row.id, first === undefined || first === row.id ? null : first];
    }),
  );
}

/** The person's other submissions (normalised e-mail), newest first; served by the same index. */
export function otherSubmissionsOf(
  manager: EntityManager,
  row: ContactSubmission,
): Promise<Array<Pick<ContactSubmission, 'id' | 'submittedAt' | 'interest' | 'status'>>> {
  return manager.query(
    `SELECT id, submitted_at AS "submittedAt", interest, status FROM contact_submissions
      WHERE lower(btrim(email)) = $1 AND id <> $2
      ORDER BY submitted_at DESC, id DESC`,
    [normalisedEmail(row.email), row.id],
  );
}
