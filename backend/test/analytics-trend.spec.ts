import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../src/common/clock.js';
import { SubmissionCountsRollup } from '../src/contact/submission-counts-rollup.service.js';
import { seedSubmissions } from './support/seed.js';
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
      { submittedAt: new Date('2026-11-21T08:00:00Z'), interest: 'empower-team', status: 'spam' },
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
});
