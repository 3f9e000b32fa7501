import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { SubmissionCountsRollup } from '../src/leads/submission-counts-rollup.service.js';
import { emptySubmissions, seedSubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

// Monday 23 November 2026: 23:00 in Auckland (UTC+13), 02:00 in Los Angeles (UTC-8).
const NOW = new Date('2026-11-23T10:00:00Z');

interface TrendDay {
  date: string;
  total: number;
  byInterest: Record<string, number>;
}

describe('GET /api/admin/analytics/trend', () => {
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    sut = await createTestApp({ override: (builder) => builder.overrideProvider(Clock).useValue({ now: () => NOW }) });
    admin = await signedInAgent(sut);
    await seedSubmissions(sut.dataSource, [
      // Either side of midnight in Auckland (both 20 November in UTC).
      { submittedAt: new Date('2026-11-20T10:59:59Z'), interest: 'community' },
      { submittedAt: new Date('2026-11-20T11:00:00Z'), interest: 'partnership' },
      // Either side of midnight in Los Angeles (both 21 November in UTC).
      { submittedAt: new Date('2026-11-21T07:59:59Z'), interest: 'empower-team' },
      // Archived leads count; spam (marked by hand or held) does not.
      { submittedAt: new Date('2026-11-21T08:00:00Z'), interest: 'empower-team', status: 'archived' },
      { submittedAt: new Date('2026-11-22T12:00:00Z'), interest: 'community', status: 'spam' },
      // Before any range asked below, and after now.
      { submittedAt: new Date('2025-01-01T00:00:00Z') },
      { submittedAt: new Date('2026-11-24T12:00:00Z') },
    ]);
  });
  afterAll(() => sut.close());

  const trend = async (query: string): Promise<TrendDay[]> =>
    (await admin.get(`/api/admin/analytics/trend${query}`).expect(200)).body;
  const nonZero = (days: TrendDay[]) => days.filter((day) => day.total > 0);

  it('answers 30 calendar days in UTC by default, oldest first, every day present', async () => {
    const days = await trend('');

    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-10-25', total: 0, byInterest: {} });
    expect(days.at(-1)).toEqual({ date: '2026-11-23', total: 0, byInterest: {} });
    expect(nonZero(days)).toEqual([
      { date: '2026-11-20', total: 2, byInterest: { community: 1, partnership: 1 } },
      { date: '2026-11-21', total: 2, byInterest: { 'empower-team': 2 } },
    ]);
  });

  it('splits days at midnight in Pacific/Auckland', async () => {
    const days = await trend('?tz=Pacific/Auckland&days=7');

    expect(days.map((day) => day.date)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    expect(nonZero(days)).toEqual([
      { date: '2026-11-20', total: 1, byInterest: { community: 1 } },
      { date: '2026-11-21', total: 3, byInterest: { partnership: 1, 'empower-team': 2 } },
    ]);
  });

  it('splits days at midnight in America/Los_Angeles, across the end of summer time', async () => {
    const days = await trend('?tz=America/Los_Angeles&days=30');

    // 1 November 2026 is 25 hours long there: still one entry, and no day is skipped.
    expect(days).toHaveLength(30);
    expect(days.map((day) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10)),
    );
    expect(nonZero(days)).toEqual([
      { date: '2026-11-20', total: 3, byInterest: { community: 1, partnership: 1, 'empower-team': 1 } },
      { date: '2026-11-21', total: 1, byInterest: { 'empower-team': 1 } },
    ]);
  });

  it('answers the same once the periodic roll-up has folded the counters', async () => {
    const before = await trend('?tz=Pacific/Auckland&days=7');
    await sut.app.get(SubmissionCountsRollup).rollUp();
    expect(await trend('?tz=Pacific/Auckland&days=7')).toEqual(before);
  });

  it('counts a year when asked', async () => {
    const days = await trend('?days=365');
    expect(days).toHaveLength(365);
    expect(days.reduce((sum, day) => sum + day.total, 0)).toBe(4);
  });

  it.each([
    ['?days=6', 'days must be an integer from 7 to 365'],
    ['?days=366', 'days must be an integer from 7 to 365'],
    ['?days=week', 'days must be an integer from 7 to 365'],
    ['?days=7.5', 'days must be an integer from 7 to 365'],
    ['?tz=Mars/Olympus', 'tz must be a known IANA time zone'],
  ])('refuses %s with the failed rule', async (query, message) => {
    const res = await admin.get(`/api/admin/analytics/trend${query}`).expect(400);
    expect(res.body.message).toEqual([message]);
  });

  it('answers 401 without a session', async () => {
    await request(sut.server).get('/api/admin/analytics/trend').expect(401);
  });

  // The trend reads 24-hour windows from whole UTC hours, corrected by 15-minute buckets at
  // the edges of each day. Compared with counting the rows themselves, day by day, in zones
  // at :30 and :45 (with and without daylight saving time, Lord Howe's shifts by 30 minutes)
  // and in zones whose days were 23 or 25 hours long in the year asked.
  describe('from day windows and 15-minute buckets', () => {
    const ZONES = [
      'Asia/Kathmandu',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Asia/Kolkata',
      'Europe/London',
      'America/Los_Angeles',
      'Pacific/Kiritimati',
      'Etc/GMT+12',
    ];

    /** The year's trend as counted from the rows themselves (days with submissions only). */
    const counted = async (tz: string): Promise<TrendDay[]> => {
      const rows: Array<{ date: string; interest: string; submissions: number }> = await sut.dataSource.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS date, interest, count(*)::int AS submissions
           FROM (SELECT (submitted_at AT TIME ZONE $2)::date AS day, interest FROM contact_submissions) AS s
          WHERE day BETWEEN ($1::timestamptz AT TIME ZONE $2)::date - 364 AND ($1::timestamptz AT TIME ZONE $2)::date
          GROUP BY 1, 2 ORDER BY 1, 2`,
        [NOW, tz],
      );
      const days = new Map<string, TrendDay>();
      for (const row of rows) {
        const day = days.get(row.date) ?? { date: row.date, total: 0, byInterest: {} };
        day.byInterest[row.interest] = row.submissions;
        day.total += row.submissions;
        days.set(row.date, day);
      }
      return [...days.values()];
    };
    const expectCountedIn = async (zones: string[]) => {
      for (const tz of zones) {
        const days = await trend(`?tz=${encodeURIComponent(tz)}&days=365`);
        expect({ tz, days: days.length, nonZero: nonZero(days) }).toEqual({ tz, days: 365, nonZero: await counted(tz) });
      }
    };
    const rollUp = () => sut.app.get(SubmissionCountsRollup).rollUp();

    beforeAll(async () => {
      await emptySubmissions(sut.dataSource);
      // A submission a second before and one at each midnight of the year in each zone, and
      // 3,000 more spread over the year at odd minutes.
      await sut.dataSource.query(
        `INSERT INTO contact_submissions (name, email, interest, submitted_at)
         SELECT 'Edge', 'edge@example.com', (ARRAY['empower-team', 'community', 'partnership'])[1 + n % 3],
                (day AT TIME ZONE zone) - n * interval '1 second'
           FROM unnest($2::text[]) AS zone,
                generate_series(($1::timestamptz - interval '370 days')::date, $1::timestamptz::date + 1, interval '1 day') AS day,
                generate_series(0, 1) AS n
         UNION ALL
         SELECT 'Spread', 'spread@example.com', (ARRAY['empower-team', 'community', 'partnership'])[1 + n % 3],
                $1::timestamptz - ((n * 7919) % (370 * 24 * 60)) * interval '1 minute' - (n % 60) * interval '1 second'
           FROM generate_series(1, 3000) AS n`,
        [NOW, ZONES],
      );
    });

    it('counts every day exactly, before and after the roll-up', async () => {
      await expectCountedIn(ZONES);
      await rollUp();
      await expectCountedIn(ZONES);
    });

    it('counts each submission once while roll-ups race new submissions', async () => {
      await rollUp();
      const committedBefore = (await trend('?tz=Asia/Kathmandu&days=365')).reduce((sum, day) => sum + day.total, 0);
      let committed = 0;
      let inserting = true;
      const insert = async () => {
        for (let batch = 0; batch < 40; batch += 1) {
          // Minutes either side of midnight in Kathmandu (18:15 UTC) and St John's (03:30 UTC).
          await seedSubmissions(sut.dataSource, [
            { submittedAt: new Date(Date.UTC(2026, 10, 1 + (batch % 20), 18, 14, 59)), interest: 'community' },
            { submittedAt: new Date(Date.UTC(2026, 10, 1 + (batch % 20), 18, 15)), interest: 'partnership' },
            { submittedAt: new Date(Date.UTC(2026, 10, 1 + (batch % 20), 3, 29, 59)) },
          ]);
          committed += 3;
        }
        inserting = false;
      };
      const rollUps = async () => {
        while (inserting) await rollUp();
      };
      const reads = async () => {
        while (inserting) {
          const atLeast = committedBefore + committed;
          const total = (await trend('?tz=Asia/Kathmandu&days=365')).reduce((sum, day) => sum + day.total, 0);
          expect(total).toBeGreaterThanOrEqual(atLeast);
          expect(total).toBeLessThanOrEqual(committedBefore + committed);
        }
      };
      await Promise.all([insert(), rollUps(), reads()]);

      await expectCountedIn(['Asia/Kathmandu', 'America/St_Johns']);
      await rollUp();
      await expectCountedIn(['Asia/Kathmandu', 'America/St_Johns']);
    });

    it('follows an erasure and a submission time corrected by hand', async () => {
      const [erased, moved] = await seedSubmissions(sut.dataSource, [
        { submittedAt: new Date('2026-11-10T18:15:00Z'), interest: 'community' },
        { submittedAt: new Date('2026-11-10T18:14:00Z'), interest: 'community' },
      ]);
      await rollUp();

      await admin.delete(`/api/admin/contacts/${erased}`).expect(204);
      await sut.dataSource.query(`UPDATE contact_submissions SET submitted_at = '2026-03-08T05:40:00Z' WHERE id = $1`, [moved]);
      await expectCountedIn(['Asia/Kathmandu', 'America/St_Johns']);
      await rollUp();
      await expectCountedIn(['Asia/Kathmandu', 'America/St_Johns']);
    });
  });
});
