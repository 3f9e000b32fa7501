import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from '../common/clock.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import type { AnalyticsDto } from './dto/analytics.dto.js';
import type { TrendDayDto } from './dto/trend-day.dto.js';

interface InterestCounts {
  interest: string;
  submissions: number;
  withCompany: number;
}

// $1 now, $2 the zone, $3 the days. `+ interval '24 hours'` on a timestamptz adds hours,
// whatever the session's zone (a day would follow the session's daylight saving time).
const TREND = `
  WITH span AS (
    SELECT ($1::timestamptz AT TIME ZONE $2)::date - ($3::int - 1) AS first_day, ($1::timestamptz AT TIME ZONE $2)::date AS last_day
  ), days AS (
    SELECT starts_local::date AS day, starts_local AT TIME ZONE $2 AS starts, (starts_local + interval '1 day') AT TIME ZONE $2 AS ends,
           date_bin('1 hour', starts_local AT TIME ZONE $2, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS window_start
      FROM span, generate_series(span.first_day::timestamp, span.last_day::timestamp, interval '1 day') AS starts_local
  ), parts AS (
    SELECT days.day, w.interest, w.submissions -- (= ANY: an index search a day, not a scan of every window)
      FROM days JOIN contact_submission_days AS w ON w.day_start = days.window_start
     WHERE w.day_start = ANY (ARRAY(SELECT window_start FROM days))
    UNION ALL -- less the window's quarters before the day starts
    SELECT days.day, b.interest, -b.submissions
      FROM days JOIN contact_submission_buckets AS b ON b.bucket_start >= days.window_start AND b.bucket_start < days.starts
    UNION ALL -- plus the day's quarters after the window ends
    SELECT days.day, b.interest, b.submissions
      FROM days JOIN contact_submission_buckets AS b
        ON b.bucket_start >= days.window_start + interval '24 hours' AND b.bucket_start < days.ends
    UNION ALL -- less the window's quarters after the day ends
    SELECT days.day, b.interest, -b.submissions
      FROM days JOIN contact_submission_buckets AS b
        ON b.bucket_start >= days.ends AND b.bucket_start < days.window_start + interval '24 hours'
    UNION ALL -- and the deltas not rolled up yet
    SELECT (d.bucket_start AT TIME ZONE $2)::date, d.interest, d.submissions
      FROM contact_submission_deltas AS d WHERE d.bucket_start >= (SELECT min(starts) FROM days)
  ), per_day AS (
    SELECT day, interest, sum(submissions)::int AS submissions FROM parts GROUP BY 1, 2 HAVING sum(submissions) <> 0
  )
  SELECT to_char(days.day, 'YYYY-MM-DD') AS date, per_day.interest, coalesce(per_day.submissions, 0) AS submissions
    FROM days LEFT JOIN per_day ON per_day.day = days.day
   ORDER BY days.day, per_day.interest`;

// PostgreSQL's invalid_parameter_value, raised for a time zone it does not know.
const INVALID_PARAMETER_VALUE = '22023';

/** A time zone that PostgreSQL does not know is the client's mistake: 400 with the rule. */
function refuseUnknownZone(error: unknown): never {
  if ((error as { code?: unknown }).code === INVALID_PARAMETER_VALUE)
    throw new BadRequestException(['tz must be a known IANA time zone']);
  throw error;
}

/** The dashboard's figures: the totals, "this month" and the submissions a day (the trend). */
@Injectable()
export class AnalyticsService {
  constructor(
    @InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>,
    private readonly clock: Clock,
  ) {}

  /**
   * All-time figures from the totals per interest, "this month" from the 15-minute buckets
   * since the month began (at most 31 × 96 rows per interest), each plus the delta rows not
   * rolled up yet, summed in the same statement (docs/decisions/005). The cost depends on
   * neither the table's size nor how much of it is this month.
   */
  async totals(timeZone: string): Promise<AnalyticsDto> {
    const [counts, [month]] = await Promise.all([
      this.submissions.query<InterestCounts[]>(
        `SELECT interest, sum(submissions)::int AS submissions, sum(with_company)::int AS "withCompany"
           FROM (SELECT interest, submissions, with_company FROM contact_submission_counts
                 UNION ALL SELECT interest, submissions, with_company FROM contact_submission_deltas) AS counters
          GROUP BY interest HAVING sum(submissions) > 0`,
      ),
      this.submissions
        .query<Array<{ thisMonth: number }>>(
          // Every zone's month starts on a 15-minute boundary (offsets are whole quarter
          // hours; a test checks every zone PostgreSQL knows), so whole buckets count it exactly.
          `WITH month AS (SELECT date_trunc('month', $1::timestamptz, $2) AS start)
           SELECT coalesce(sum(submissions), 0)::int AS "thisMonth"
             FROM (SELECT submissions FROM contact_submission_buckets WHERE bucket_start >= (SELECT start FROM month)
                   UNION ALL
                   SELECT submissions FROM contact_submission_deltas WHERE bucket_start >= (SELECT start FROM month)) AS counters`,
          [this.clock.now(), timeZone],
        )
        .catch(refuseUnknownZone),
    ]);
    return {
      total: counts.reduce((sum, row) => sum + row.submissions, 0),
      thisMonth: month.thisMonth,
      companiesSubmitted: counts.reduce((sum, row) => sum + row.withCompany, 0),
      interestBreakdown: Object.fromEntries(counts.map((row) => [row.interest, row.submissions])),
    };
  }

  /**
   * Submissions a calendar day in `timeZone`, the last `days` days (today included), oldest
   * first, every day present. Each day is the 24-hour window (contact_submission_days) from
   * the UTC hour it starts in, corrected by the 15-minute buckets where the day and the
   * window differ: the quarters of that hour before midnight (zones at :30 and :45), and the
   * quarters between the window's end and the day's end (days of 23 or 25 hours, the same
   * zones). Every zone's day starts on a 15-minute boundary, so the sum is exact; it reads
   * one window and a few buckets a day per interest, plus the delta rows not rolled up yet,
   * all in one statement (one snapshot), at a cost that does not grow with the table.
   */
  async trend(timeZone: string, days: number): Promise<TrendDayDto[]> {
    const rows = await this.submissions
      .query<Array<{ date: string; interest: string | null; submissions: number }>>(TREND, [this.clock.now(), timeZone, days])
      .catch(refuseUnknownZone);
    const byDate = new Map<string, TrendDayDto>();
    for (const row of rows) {
      const day = byDate.get(row.date) ?? { date: row.date, total: 0, byInterest: {} };
      if (row.interest !== null) {
        day.byInterest[row.interest] = row.submissions;
        day.total += row.submissions;
      }
      byDate.set(row.date, day);
    }
    return [...byDate.values()];
  }
}
