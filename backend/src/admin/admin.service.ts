import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from '../common/clock.js';
import { ContactSubmission } from '../contact/contact-submission.entity.js';
import { decodeCursor, encodeCursor } from './contacts-cursor.js';
import { contactsPageQuery } from './contacts-page.query.js';

export interface ContactsPage {
  items: ContactSubmission[];
  nextCursor: string | null;
}

export interface Analytics {
  total: number;
  thisMonth: number;
  companiesSubmitted: number;
  interestBreakdown: Record<string, number>;
}

interface InterestCounts {
  interest: string;
  total: number;
  thisMonth: number;
  companies: number;
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

  /** One aggregate query, grouped by interest; the totals are the sums of its few rows. */
  async analytics(timeZone: string): Promise<Analytics> {
    const rows = await this.submissions
      .query<InterestCounts[]>(
        // The month's start is computed once (an InitPlan), not once per row.
        `WITH month AS (SELECT date_trunc('month', $1::timestamptz, $2) AS start)
         SELECT interest,
                count(*)::int AS "total",
                count(*) FILTER (WHERE submitted_at >= (SELECT start FROM month))::int AS "thisMonth",
                count(company)::int AS "companies"
           FROM contact_submissions
          GROUP BY interest`,
        [this.clock.now(), timeZone],
      )
      .catch((error: { code?: string }) => {
        if (error.code === INVALID_PARAMETER_VALUE) throw new BadRequestException(['tz must be a known IANA time zone']);
        throw error;
      });
    const sum = (pick: (row: InterestCounts) => number) => rows.reduce((total, row) => total + pick(row), 0);
    return {
      total: sum((row) => row.total),
      thisMonth: sum((row) => row.thisMonth),
      companiesSubmitted: sum((row) => row.companies),
      interestBreakdown: Object.fromEntries(rows.map((row) => [row.interest, row.total])),
    };
  }
}
