import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { COUNT_EXACT_UP_TO } from '../src/inbox/contacts-list.service.js';
import { contactsPageQuery } from '../src/inbox/contacts-page.query.js';
import { ContactSubmission } from '../src/leads/contact-submission.entity.js';
import { loadUnbounded } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

/** PostgreSQL's plan for a query, as text. */
async function plan(sut: TestApp, [sql, parameters]: [string, unknown[]]): Promise<string> {
  const rows: Array<{ 'QUERY PLAN': string }> = await sut.dataSource.query(`EXPLAIN ${sql}`, parameters);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('the admin list query on 100,000 submissions', () => {
  let sut: TestApp;
  let submissions: Repository<ContactSubmission>;

  beforeAll(async () => {
    // Seeding takes longer than a request may: the search index is written for every row.
    sut = await createTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '20000' } });
    submissions = sut.app.get(getRepositoryToken(ContactSubmission));
    // On a connection without the request pool's time limits: a busy machine needs longer.
    await loadUnbounded(
      sut.databaseUrl,
      `INSERT INTO contact_submissions (name, email, interest, submitted_at, status)
       SELECT 'Row ' || n, 'row' || n || '@example.com', 'community', timestamptz '2026-01-01' + (n / 3) * interval '1 second',
              CASE WHEN n % 1000 = 0 THEN 'spam' ELSE 'new' END
         FROM generate_series(1, 100000) AS n`,
      // A handful of rows with a rare word, as a search for a person finds them.
      `UPDATE contact_submissions SET comments = 'Ask for Zoë Quennell' WHERE name IN ('Row 10', 'Row 50000', 'Row 99000')`,
    );
    await sut.dataSource.query('ANALYZE contact_submissions');
  }, 60_000);
  afterAll(() => sut.close());

  it('reads the first page from the index, with no sequential scan and no sort', async () => {
    const text = await plan(sut, contactsPageQuery(submissions, {}, 51).getQueryAndParameters());

    expect(text).toMatch(/Index Scan Backward using ix_contact_submissions_submitted_at_id/);
    expect(text).not.toMatch(/Seq Scan|Sort/);
  });

  it('reads a later page from the index too', async () => {
    const after = { submittedAt: new Date('2026-01-01T05:00:00Z'), id: '7b0c0a4e-8c57-4b8e-9d7e-2a3f4b5c6d7e' };
    const text = await plan(sut, contactsPageQuery(submissions, {}, 51, after).getQueryAndParameters());

    expect(text).toMatch(/Index Scan Backward using ix_contact_submissions_submitted_at_id/);
    expect(text).toMatch(/Index Cond: \(ROW\(submitted_at, id\) < ROW\(/);
    expect(text).not.toMatch(/Seq Scan|Sort/);
  });

  it('finds a rare word through the trigram index, accents and case aside', async () => {
    const text = await plan(sut, contactsPageQuery(submissions, { q: 'ZOE QUENN' }, 51).getQueryAndParameters());

    expect(text).toMatch(/Bitmap Index Scan on ix_contact_submissions_search/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('finds a rare status through its own index', async () => {
    const text = await plan(sut, contactsPageQuery(submissions, { status: ['spam'] }, 51).getQueryAndParameters());

    expect(text).toMatch(/ix_contact_submissions_status_submitted_at/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('counts few matches exactly, and estimates many without counting them (X-Total-Count)', async () => {
    const admin = await signedInAgent(sut);

    const few = await admin.get('/api/admin/contacts?q=zoe%20quenn&status=new,spam').expect(200);
    expect(few.headers['x-total-count']).toBe('3');
    expect(few.headers['x-total-count-estimated']).toBeUndefined();

    // 99,900 rows are `new`: past the exact count's limit, the planner's estimate answers.
    const many = await admin.get('/api/admin/contacts').expect(200);
    expect(many.headers['x-total-count-estimated']).toBe('true');
    expect(Number(many.headers['x-total-count'])).toBeGreaterThan(COUNT_EXACT_UP_TO);
    expect(Math.abs(Number(many.headers['x-total-count']) - 99_900)).toBeLessThan(10_000);
  });
});
