import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FIRST_SUBMISSIONS, repeatOfSql, returningOwnerSql } from '../src/leads/repeat-leads.js';
import { emptySubmissions, loadUnbounded } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

interface Listed {
  id: string;
  email: string;
  repeatOf: string | null;
}

describe('repeatOf on the admin list', () => {
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    sut = await createTestApp();
    admin = await signedInAgent(sut);
  });
  afterAll(() => sut.close());
  beforeEach(() => emptySubmissions(sut.dataSource));

  /** Inserts submissions with these e-mails, one second apart in this order; answers their ids. */
  const seed = async (emails: string[]): Promise<string[]> =>
    (
      await sut.dataSource.query(
        `INSERT INTO contact_submissions (name, email, interest, submitted_at)
         SELECT 'Lead', email, 'community', timestamptz '2026-11-01' + ord * interval '1 second'
           FROM unnest($1::text[]) WITH ORDINALITY AS t(email, ord)
         RETURNING id`,
        [emails],
      )
    ).map((row: { id: string }) => row.id);

  it('points each later submission of a person (trimmed, any case) at the earliest, which has null', async () => {
    const [first, other, second, third] = await seed([
      'Ada@Example.com',
      'grace@example.com',
      'ada@example.com',
      ' ADA@EXAMPLE.COM',
    ]);

    const res = await admin.get('/api/admin/contacts').expect(200);

    expect(res.body.map((row: Listed) => [row.id, row.repeatOf])).toEqual([
      [third, first],
      [second, first],
      [other, null],
      [first, null],
    ]);
  });

  it('knows a person by the canonical e-mail: quotes and a +tag make no other person', async () => {
    const [first, , tagged, quoted] = await seed([
      'ada@example.com',
      'ada.b@example.com',
      ' Ada+Jobs@Example.com',
      '"ada"@example.com',
    ]);

    const res = await admin.get('/api/admin/contacts').expect(200);

    expect(res.body.map((row: Listed) => row.repeatOf)).toEqual([first, first, null, null]);
    expect(res.body.map((row: Listed) => row.id)).toEqual([quoted, tagged, expect.any(String), first]);
  });

  it('points at the earliest even when it is on another page', async () => {
    const [first, ...later] = await seed(['ada@example.com', 'ada@example.com', 'ada@example.com']);

    const res = await admin.get('/api/admin/contacts?limit=2').expect(200);

    expect(res.body.map((row: Listed) => row.id)).toEqual(later.reverse());
    expect(res.body.map((row: Listed) => row.repeatOf)).toEqual([first, first]);
  });

  it("lists the person's other submissions in the detail view, newest first, with repeatOf", async () => {
    const [first, , second, third] = await seed(['ada@example.com', 'grace@example.com', 'Ada@Example.com', 'ada@example.com ']);
    await sut.dataSource.query(`UPDATE contact_submissions SET status = 'qualified' WHERE id = $1`, [first]);

    const res = await admin.get(`/api/admin/contacts/${second}`).expect(200);

    expect(res.body.repeatOf).toBe(first);
    expect(res.body.otherSubmissions).toEqual([
      { id: third, submittedAt: '2026-11-01T00:00:04.000Z', interest: 'community', status: 'new' },
      { id: first, submittedAt: '2026-11-01T00:00:01.000Z', interest: 'community', status: 'qualified' },
    ]);
    const alone = await admin.get('/api/admin/contacts?limit=100').expect(200);
    const grace = alone.body.find((row: Listed) => row.email === 'grace@example.com');
    expect((await admin.get(`/api/admin/contacts/${grace.id}`).expect(200)).body).toMatchObject({
      repeatOf: null,
      otherSubmissions: [],
    });
    expect((await admin.get(`/api/admin/contacts/${first}`).expect(200)).body.repeatOf).toBeNull();
  });

  it('finds the earliest submission through the canonical e-mail index, with no sequential scan', async () => {
    await loadUnbounded(
      sut.databaseUrl,
      `INSERT INTO contact_submissions (name, email, interest, submitted_at)
       SELECT 'Row', 'row' || (n % 20000) || '@example.com', 'community', timestamptz '2026-01-01' + n * interval '1 second'
         FROM generate_series(1, 60000) AS n`,
      'ANALYZE contact_submissions',
    );
    const emails = Array.from({ length: 50 }, (_, index) => `row${index * 7}@example.com`);

    const plan = (await sut.dataSource.query(`EXPLAIN ${FIRST_SUBMISSIONS}`, [emails]))
      .map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN'])
      .join('\n');

    expect(plan).toMatch(/Index (Only )?Scan using ix_contact_submissions_canonical_email/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);

    // The contact form's statement asks the same index for a returning lead's owner and its repeatOf.
    // In an inbox whose leads are mostly assigned.
    await loadUnbounded(
      sut.databaseUrl,
      `UPDATE contact_submissions SET assignee_id = (SELECT id FROM users LIMIT 1)
        WHERE submitted_at < timestamptz '2026-01-01' + interval '50000 seconds'`,
      'ANALYZE contact_submissions',
    );
    for (const lookup of [returningOwnerSql('$1'), repeatOfSql('$1')]) {
      const explained = (await sut.dataSource.query(`EXPLAIN SELECT ${lookup}`, [' Row7+tag@Example.com']))
        .map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN'])
        .join('\n');
      expect(explained).toMatch(/Index Scan (Backward )?using ix_contact_submissions_canonical_email/);
      expect(explained).not.toMatch(/Seq Scan on contact_submissions|Sort/);
    }
  }, 60_000);
});
