import { BadRequestException } from '@nestjs/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Interest } from '../leads/contact-rules.js';
import type { SubmissionStatus } from '../leads/contact-submission.entity.js';
import type { ContactFiltersQueryDto } from './dto/contact-filters-query.dto.js';
import { instant } from '../common/instant.js';
import { MEETING_CONDITIONS, type MeetingFilter } from '../leads/lead-meetings.js';

/** The inbox's filters, checked (see ContactFiltersQueryDto). */
export interface ContactFilters {
  q?: string;
  interest?: Interest[];
  status?: SubmissionStatus[];
  from?: Date;
  to?: Date;
  /** As asked (`me`, `none` or an id, kept for the next link) and the account it means (null: unassigned). */
  assignee?: { asked: string; id: string | null };
  response?: ResponseFilter;
  followUp?: FollowUpFilter;
  conversation?: ConversationFilter;
  meeting?: MeetingFilter;
}

/** `response`: leads still new past their target, all still new, or answered (left new once). */
export const RESPONSE_FILTERS = ['overdue', 'waiting', 'answered'] as const;
export type ResponseFilter = (typeof RESPONSE_FILTERS)[number];

/** `followUp=due`: a follow-up date now or earlier, on a lead neither archived nor spam. */
export const FOLLOW_UP_FILTERS = ['due'] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTERS)[number];

/** `conversation=awaiting`: the newest message of the lead's conversation is one the lead wrote (not automatic). */
export const CONVERSATION_FILTERS = ['awaiting'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

// What each response filter keeps (response_due_at is set only while a lead is new).
const RESPONSE_CONDITIONS: Record<ResponseFilter, string> = {
  overdue: `s.status = 'new' AND s.response_due_at <= now()`,
  waiting: `s.status = 'new'`,
  answered: `s.first_responded_at IS NOT NULL`,
};

/** The `assignee` filter: a user's id, `me` or `none`. */
export const ASSIGNEE_FILTER = /^(me|none|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/** What the list shows when no status is asked for: spam and archived leads are hidden. */
export const DEFAULT_STATUSES: SubmissionStatus[] = ['new', 'contacted', 'qualified'];

/**
 * The query string's filters as the queries take them (`assignee=me` meaning `me`, the
 * signed-in user's id); 400 for an impossible date or range.
 */
export function contactFilters(query: ContactFiltersQueryDto, me: string | null = null): ContactFilters {
  const from = instant(query.from, 'from');
  const to = instant(query.to, 'to');
  if (from && to && from >= to) throw new BadRequestException(['from must be before to']);
  const { assignee } = query;
  return {
    q: query.q,
    interest: query.interest,
    status: query.status,
    from,
    to,
    response: query.response,
    followUp: query.followUp,
    conversation: query.conversation,
    meeting: query.meeting,
    assignee:
      assignee === undefined
        ? undefined
        : { asked: assignee, id: assignee === 'none' ? null : assignee === 'me' ? me : assignee },
  };
}

/** The filters as a query string, for the `next` link (the same filters, page after page). */
export function filtersSearchParams(filters: ContactFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q !== undefined) params.set('q', filters.q);
  if (filters.interest) params.set('interest', filters.interest.join(','));
  if (filters.status) params.set('status', filters.status.join(','));
  if (filters.from) params.set('from', filters.from.toISOString());
  if (filters.to) params.set('to', filters.to.toISOString());
  if (filters.assignee) params.set('assignee', filters.assignee.asked);
  if (filters.response) params.set('response', filters.response);
  if (filters.followUp) params.set('followUp', filters.followUp);
  if (filters.conversation) params.set('conversation', filters.conversation);
  if (filters.meeting) params.set('meeting', filters.meeting);
  return params;
}

/** LIKE's wildcards and escape character, taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Adds the filters to a query on contact_submissions (alias `s`). The search compares the
 * same folded text that ix_contact_submissions_search indexes (migration 1795600100000),
 * so the trigram index serves it; the needle is folded by the same function.
 */
export function applyContactFilters<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  filters: ContactFilters,
): SelectQueryBuilder<T> {
  query.andWhere('s.status IN (:...statuses)', { statuses: filters.status ?? DEFAULT_STATUSES });
  if (filters.q !== undefined) {
    query.andWhere(
      `public.contact_search_text(s.name, s.email, s.company, s.comments) LIKE '%' || public.search_fold(:needle) || '%'`,
      {
        needle: likeLiteral(filters.q),
      },
    );
  }
  if (filters.interest) query.andWhere('s.interest IN (:...interests)', { interests: filters.interest });
  if (filters.from) query.andWhere('s.submitted_at >= :from', { from: filters.from });
  if (filters.to) query.andWhere('s.submitted_at < :to', { to: filters.to });
  if (filters.assignee?.id === null) query.andWhere('s.assignee_id IS NULL');
  else if (filters.assignee) query.andWhere('s.assignee_id = :assigneeId', { assigneeId: filters.assignee.id });
  if (filters.response) query.andWhere(RESPONSE_CONDITIONS[filters.response]);
  if (filters.conversation === 'awaiting') query.andWhere('s.awaiting_reply');
  if (filters.meeting) query.andWhere(MEETING_CONDITIONS[filters.meeting]);
  if (filters.followUp === 'due') query.andWhere(`s.follow_up_at <= now() AND s.status NOT IN ('archived', 'spam')`);
  return query;
}
