import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

export interface SeedRow {
  submittedAt: Date;
  interest?: string;
  company?: string | null;
}

/** Inserts rows straight into the table (fast; the HTTP path has its own tests). */
export async function seedSubmissions(dataSource: DataSource, rows: SeedRow[]): Promise<string[]> {
  const ids = rows.map(() => randomUUID());
  await dataSource.query(
    `INSERT INTO contact_submissions (id, name, email, interest, company, submitted_at)
     SELECT id, 'Seed ' || ord, 'seed' || ord || '@example.com', interest, company, submitted_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY
         AS t(id, interest, company, submitted_at, ord)`,
    [
      ids,
      rows.map((row) => row.interest ?? 'empower-team'),
      rows.map((row) => row.company ?? null),
      rows.map((row) => row.submittedAt.toISOString()),
    ],
  );
  return ids;
}
