import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';

export interface SeedRow {
  submittedAt: Date;
  interest?: string;
  company?: string | null;
  /** Defaults: `Seed <n>`, `seed<n>@example.com`, no LinkedIn, no comments, status `new`. */
  name?: string;
  email?: string;
  linkedin?: string | null;
  comments?: string | null;
  status?: string;
}

/**
 * Inserts rows straight into the table (fast; the HTTP path has its own tests). The status
 * column is written only when a row sets it, so that schemas older than it can be seeded.
 */
export async function seedSubmissions(dataSource: DataSource, rows: SeedRow[]): Promise<string[]> {
  const ids = rows.map(() => randomUUID());
  const withStatus = rows.some((row) => row.status !== undefined);
  await dataSource.query(
    `INSERT INTO contact_submissions (id, name, email, interest, company, submitted_at, linkedin, comments${withStatus ? ', status' : ''})
     SELECT id, coalesce(name, 'Seed ' || ord), coalesce(email, 'seed' || ord || '@example.com'), interest, company, submitted_at,
            linkedin, comments${withStatus ? ', status' : ''}
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         WITH ORDINALITY AS t(id, interest, company, submitted_at, name, email, linkedin, comments, status, ord)`,
    [
      ids,
      rows.map((row) => row.interest ?? 'empower-team'),
      rows.map((row) => row.company ?? null),
      rows.map((row) => row.submittedAt.toISOString()),
      rows.map((row) => row.name ?? null),
      rows.map((row) => row.email ?? null),
      rows.map((row) => row.linkedin ?? null),
      rows.map((row) => row.comments ?? null),
      rows.map((row) => row.status ?? 'new'),
    ],
  );
  return ids;
}

/**
 * Runs a bulk load on a connection of its own, without the request pool's statement and
 * read time limits, which a busy machine can pass while loading many rows.
 */
export async function loadUnbounded(databaseUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Empties contact_submissions, everything that refers to it, and `others`. deliveries is
 * named first because a running DeliveryWorker's claim locks it before contact_submissions:
 * a TRUNCATE that took contact_submissions first could deadlock with that claim.
 */
export function emptySubmissions(dataSource: DataSource, ...others: string[]): Promise<unknown> {
  return dataSource.query(`TRUNCATE ${['deliveries', 'contact_submissions', ...others].join(', ')} CASCADE`);
}
