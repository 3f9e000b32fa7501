import type { Repository, SelectQueryBuilder } from 'typeorm';
import type { ContactSubmission } from '../leads/contact-submission.entity.js';
import { applyContactFilters, type ContactFilters } from './contact-filters.js';
import type { ContactsCursor } from './contacts-cursor.js';

/**
 * One page of the admin list, newest first, by keyset on (submitted_at, id): the row
 * comparison walks ix_contact_submissions_submitted_at_id backwards, with no sort and no
 * offset, however deep the page (a rare search or status is found through its own index
 * instead, then sorted). `take` is one more than the page so that a next page shows.
 */
export function contactsPageQuery(
  submissions: Repository<ContactSubmission>,
  filters: ContactFilters,
  take: number,
  after?: ContactsCursor,
): SelectQueryBuilder<ContactSubmission> {
  const query = submissions.createQueryBuilder('s').orderBy('s.submitted_at', 'DESC').addOrderBy('s.id', 'DESC').limit(take);
  applyContactFilters(query, filters);
  if (after) query.andWhere('(s.submitted_at, s.id) < (:submittedAt, :id)', after);
  return query;
}
