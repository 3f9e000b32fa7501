import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from '../common/clock.js';
import { ContactSubmission } from '../contact/contact-submission.entity.js';
import type { AnalyticsDto } from './dto/analytics.dto.js';
import { decodeCursor, encodeCursor } from './contacts-cursor.js';
import { contactsPageQuery } from './contacts-page.query.js';
import { repeatsOf } from './repeat-leads.js';

export interface ContactsPage {
  items: ContactSubmission[];
  /** Each item's `repeatOf`, by id. */
  repeatOf: Map<string, string | null>;
  nextCursor: string | null;
}

interface InterestCounts {
  interest: string;
  submissions: number;
  withCompany: number;
}

// PostgreSQL's invalid_parameter_value, raised for a time zone it does not know.
const INVALID_PARAMETER_VALUE = '22023';

@Injectable()
export class AdminService {
  constructor(
    @InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>,
    private readonly clock: Clock,
  ) {}

  /** Newest first; one more row than asked tells whether a next page exists. */
  async listContacts(limit: number, cursor?: string): Promise<ContactsPage> {
    const after = cursor ? decodeCursor(cursor) : undefined;
    const rows = await contactsPageQuery(this.submissions, limit + 1, after).getMany();
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const repeatOf = await repeatsOf(this.submissions.manager, items);
    return { items, repeatOf, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  /**
   * All-time figures from the totals per interest, "this month" from the 15-minute buckets
   * since the month began (at most 31 × 96 rows per interest), each plus the delta rows not
   * rolled up yet, summed in the same statement (docs/decisions/005). The cost depends on
   * neither the table's size nor how much of it is this month.
   */
  async analytics(timeZone: string): Promise<AnalyticsDto> {
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
        .catch((error: { code?: string }) => {
          if (error.code === INVALID_PARAMETER_VALUE) throw new BadRequestException(['tz must be a known IANA time zone']);
          throw error;
        }),
    ]);
    return {
      total: counts.reduce((sum, row) => sum + row.submissions, 0),
      thisMonth: month.thisMonth,
      companiesSubmitted: counts.reduce((sum, row) => sum + row.withCompany, 0),
      interestBreakdown: Object.fromEntries(counts.map((row) => [row.interest, row.submissions])),
    };
  }
}
