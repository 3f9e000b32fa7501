import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { applyContactFilters, contactFilters, type ContactFilters, filtersSearchParams } from './contact-filters.js';
import { decodeCursor, encodeCursor } from './contacts-cursor.js';
import { contactsPageQuery } from './contacts-page.query.js';
import { ContactSubmissionDto } from '../leads/dto/contact-submission.dto.js';
import type { ListContactsQueryDto } from './dto/list-contacts-query.dto.js';
import { repeatsOf } from '../leads/repeat-leads.js';
import { nextMeetingsOf } from '../leads/lead-meetings.js';

/** One page of the list and the headers that go with it (`X-Total-Count`, `Link`). */
export interface ContactsListPage {
  items: ContactSubmissionDto[];
  headers: Record<string, string>;
}

interface ContactsPage {
  items: ContactSubmission[];
  /** Each item's `repeatOf`, by id. */
  repeatOf: Map<string, string | null>;
  /** Each item's next meeting, by id (absent: none). */
  nextMeetings: Map<string, Date>;
  nextCursor: string | null;
}

/** How many rows match the filters: exact up to COUNT_EXACT_UP_TO, the planner's estimate beyond. */
interface ContactsTotal {
  total: number;
  estimated: boolean;
}

// Counting 10,000 matching rows costs a few milliseconds; counting a million would scan them all.
export const COUNT_EXACT_UP_TO = 10_000;

/** The inbox's list: a page of the submissions that match the filters, and how many match. */
@Injectable()
export class ContactsListService {
  constructor(@InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>) {}

  async list(query: ListContactsQueryDto, me: string): Promise<ContactsListPage> {
    const filters = contactFilters(query, me);
    const [page, count] = await Promise.all([this.page(filters, query.limit, query.cursor), this.count(filters)]);
    const headers: Record<string, string> = { 'X-Total-Count': String(count.total) };
    if (count.estimated) headers['X-Total-Count-Estimated'] = 'true';
    if (page.nextCursor) {
      const next = filtersSearchParams(filters);
      next.set('limit', String(query.limit));
      next.set('cursor', page.nextCursor);
      headers.Link = `</api/admin/contacts?${next.toString()}>; rel="next"`;
    }
    const items = page.items.map((row) =>
      ContactSubmissionDto.from(row, page.repeatOf.get(row.id) ?? null, page.nextMeetings.get(row.id) ?? null),
    );
    return { items, headers };
  }

  /** Newest first; one more row than asked tells whether a next page exists. */
  private async page(filters: ContactFilters, limit: number, cursor?: string): Promise<ContactsPage> {
    const after = cursor ? decodeCursor(cursor) : undefined;
    const rows = await contactsPageQuery(this.submissions, filters, limit + 1, after).getMany();
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const repeatOf = await repeatsOf(this.submissions.manager, items);
    const nextMeetings = await nextMeetingsOf(
      this.submissions.manager,
      items.map((item) => item.id),
    );
    return { items, repeatOf, nextMeetings, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  /**
   * The rows that match the filters: counted exactly while they are few (the count stops
   * one past COUNT_EXACT_UP_TO), otherwise the planner's estimate of the same query, which
   * costs a plan and no scan (docs/api.md).
   */
  private async count(filters: ContactFilters): Promise<ContactsTotal> {
    const matching = applyContactFilters(this.submissions.createQueryBuilder('s').select('1'), filters);
    const [cappedSql, cappedParameters] = matching
      .clone()
      .limit(COUNT_EXACT_UP_TO + 1)
      .getQueryAndParameters();
    const [{ counted }] = await this.submissions.query<Array<{ counted: number }>>(
      `SELECT count(*)::int AS counted FROM (${cappedSql}) AS matching`,
      cappedParameters,
    );
    if (counted <= COUNT_EXACT_UP_TO) return { total: counted, estimated: false };
    const [sql, parameters] = matching.getQueryAndParameters();
    const [{ 'QUERY PLAN': plan }] = await this.submissions.query<
      Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>
    >(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
    return { total: Math.max(counted, Math.round(plan[0].Plan['Plan Rows'])), estimated: true };
  }
}
