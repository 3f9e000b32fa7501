import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from '../common/clock.js';
import { ContactSubmission } from '../contact/contact-submission.entity.js';
import type { AnalyticsDto } from './dto/analytics.dto.js';
import { decodeCursor, encodeCursor } from './contacts-cursor.js';
import { contactsPageQuery } from './contacts-page.query.js';

export interface ContactsPage {
  items: ContactSubmission[];
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
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  /**
   * All-time figures from the running totals per interest (a few rows, kept by a trigger);
   * "this month" from a range of the submitted_at index.
   */
  async analytics(timeZone: string): Promise<AnalyticsDto> {
    const [counts, [month]] = await Promise.all([
      this.submissions.query<InterestCounts[]>(
        'SELECT interest, submissions, with_company AS "withCompany" FROM contact_submission_counts WHERE submissions > 0',
      ),
      this.submissions
        .query<Array<{ thisMonth: number }>>(
          // An index condition: the month's start is computed once, and the planner sees its
          // value, so it reads just this month's range of the index.
          `SELECT count(*)::int AS "thisMonth" FROM contact_submissions
            WHERE submitted_at >= date_trunc('month', $1::timestamptz, $2)`,
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
