import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Clock } from '../src/common/clock.js';
import { SubmissionCountsRollup } from '../src/leads/submission-counts-rollup.service.js';
import { emptySubmissions, seedSubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

// "Now" is fixed mid-November 2026 so that month boundaries are known.
const NOW = new Date('2026-11-15T10:00:00Z');

describe('GET /api/admin/analytics', () => {
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    sut = await createTestApp({ override: (builder) => builder.overrideProvider(Clock).useValue({ now: () => NOW }) });
    admin = await signedInAgent(sut);
  });
  afterAll(() => sut.close());
  beforeEach(() => emptySubmissions(sut.dataSource));

  const analytics = (query = '') => admin.get(`/api/admin/analytics${query}`);

  it('answers zeros and an empty breakdown when there is nothing', async () => {
    const res = await analytics().expect(200);
    expect(res.body).toEqual({ total: 0, thisMonth: 0, companiesSubmitted: 0, interestBreakdown: {} });
  });

  it('counts totals, this month, companies and interests', async () => {
    await seedSubmissions(sut.dataSource, [
      { submittedAt: new Date('2026-11-01T00:00:00Z'), interest: 'partnership', company: 'Acme' },
      { submittedAt: new Date('2026-11-14T09:00:00Z'), interest: 'partnership', company: null },
      { submittedAt: new Date('2026-10-31T23:59:59.999Z'), interest: 'community', company: 'Initech' },
      { submittedAt: new Date('2025-11-20T00:00:00Z'), interest: 'empower-team', company: 'Globex' },
    ]);

    const res = await analytics().expect(200);

    expect(res.body).toEqual({
      total: 4,
      thisMonth: 2,
      companiesSubmitted: 3,
      interestBreakdown: { partnership: 2, community: 1, 'empower-team': 1 },
    });
  });

  it('leaves spam out of the cards, whether marked by hand or held, and counts a lead again once it is not spam', async () => {
    const [ham, marked] = await seedSubmissions(sut.dataSource, [
      { submittedAt: new Date('2026-11-10T09:00:00Z'), interest: 'partnership', company: 'Acme' },
      { submittedAt: new Date('2026-11-11T09:00:00Z'), interest: 'community', company: 'Initech' },
    ]);
    expect((await analytics().expect(200)).body.total).toBe(2);

    await admin.patch(`/api/admin/contacts/${marked}`).send({ status: 'spam' }).expect(200);
    expect((await analytics().expect(200)).body).toEqual({
      total: 1,
      thisMonth: 1,
      companiesSubmitted: 1,
      interestBreakdown: { partnership: 1 },
    });

    await admin.patch(`/api/admin/contacts/${marked}`).send({ status: 'contacted' }).expect(200);
    await admin.delete(`/api/admin/contacts/${ham}`).expect(204);
    expect((await analytics().expect(200)).body).toEqual({
      total: 1,
      thisMonth: 1,
      companiesSubmitted: 1,
      interestBreakdown: { community: 1 },
    });
  });

  it('counts the month in the given time zone', async () => {
    // 23:30 UTC on the last day of October is already November 1st in Tokyo (UTC+9)...
    await seedSubmissions(sut.dataSource, [{ submittedAt: new Date('2026-10-31T23:30:00Z') }]);
    // ...and 02:00 UTC on November 1st is still October 31st in New York (UTC-4).
    await seedSubmissions(sut.dataSource, [{ submittedAt: new Date('2026-11-01T02:00:00Z') }]);

    expect((await analytics('?tz=UTC').expect(200)).body.thisMonth).toBe(1);
    expect((await analytics('?tz=Asia/Tokyo').expect(200)).body.thisMonth).toBe(2);
    expect((await analytics('?tz=America/New_York').expect(200)).body.thisMonth).toBe(0);
    expect((await analytics().expect(200)).body.thisMonth).toBe(1);
  });

  it.each([['Asia/Kolkata'], ['Asia/Kathmandu'], ['Australia/Eucla'], ['Pacific/Chatham']])(
    'counts the month exactly in %s (a 30- or 45-minute offset), before and after the roll-up',
    async (tz) => {
      const [{ start }] = await sut.dataSource.query(`SELECT date_trunc('month', $1::timestamptz, $2) AS start`, [NOW, tz]);
      const at = (ms: number) => new Date((start as Date).getTime() + ms);
      await seedSubmissions(sut.dataSource, [{ submittedAt: at(-1) }, { submittedAt: at(0) }, { submittedAt: at(60_000) }]);

      expect((await analytics(`?tz=${tz}`).expect(200)).body.thisMonth).toBe(2);
      await sut.app.get(SubmissionCountsRollup).rollUp();
      expect((await analytics(`?tz=${tz}`).expect(200)).body.thisMonth).toBe(2);
    },
  );

  it('relies on every zone PostgreSQL knows starting its month on a 15-minute boundary', async () => {
    const misaligned = await sut.dataSource.query(
      `SELECT name FROM pg_timezone_names
        WHERE extract(epoch FROM date_trunc('month', $1::timestamptz, name))::bigint % 900 <> 0`,
      [NOW],
    );
    expect(misaligned).toEqual([]);
  });

  it.each([['Mars/Olympus_Mons'], ['not a zone'], ['']])('refuses the unknown zone %j with 400', async (tz) => {
    const res = await analytics(`?tz=${encodeURIComponent(tz)}`).expect(400);
    expect(res.body.message).toContain('tz must be a known IANA time zone');
  });
});

describe('the counters behind the analytics', () => {
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    sut = await createTestApp();
    admin = await signedInAgent(sut);
  });
  afterAll(() => sut.close());

  const figures = async () => (await admin.get('/api/admin/analytics').expect(200)).body;

  it('follow an operator deleting or correcting submissions by hand, and emptying the table', async () => {
    const now = new Date();
    const [, moved, removed] = await seedSubmissions(sut.dataSource, [
      { submittedAt: now, interest: 'community', company: 'Acme' },
      { submittedAt: now, interest: 'community', company: null },
      { submittedAt: now, interest: 'partnership', company: 'Initech' },
    ]);

    await sut.dataSource.query(`UPDATE contact_submissions SET interest = 'empower-team', company = 'Globex' WHERE id = $1`, [
      moved,
    ]);
    await sut.dataSource.query('DELETE FROM contact_submissions WHERE id = $1', [removed]);

    expect(await figures()).toEqual({
      total: 2,
      thisMonth: 2,
      companiesSubmitted: 2,
      interestBreakdown: { community: 1, 'empower-team': 1 },
    });

    await sut.app.get(SubmissionCountsRollup).rollUp();
    expect((await figures()).total).toBe(2);

    await emptySubmissions(sut.dataSource);
    expect(await figures()).toEqual({ total: 0, thisMonth: 0, companiesSubmitted: 0, interestBreakdown: {} });
  });
});
