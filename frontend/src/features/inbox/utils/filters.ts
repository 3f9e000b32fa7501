import { INTERESTS } from '@/config/interests';
import type { paths } from '@/generated/api-types';
import { STATUSES } from '../api/contact-types';
import { findView } from './inbox-views';
import type { Status } from '../api/contact-types';

/** The ranges the picker offers, in days; 'custom' reads `from` and `to` (YYYY-MM-DD, local days). */
export const RANGE_DAYS = [7, 30, 90] as const;
export type RangeChoice = '' | '7' | '30' | '90' | 'custom';

/** The list's filters as the page's URL holds them (so a link can be shared). */
export type Filters = {
  q: string;
  interests: string[];
  statuses: Status[];
  range: RangeChoice;
  /** Custom range, first and last local day (both included). */
  from: string;
  to: string;
  /** "Assigned to me", "Unassigned", or a person's leads by their id (the API's `assignee=me|none|<id>`). */
  assignee: AssigneeChoice;
  /** The view (utils/inbox-views): '' for the inbox, 'spam' for the held leads. */
  view: string;
  /** First answer: the API's `response=overdue|waiting|answered`. */
  response: ResponseChoice;
  /** `followUp=due`: follow-ups due now or earlier. */
  followUp: FollowUpChoice;
  /** A booked meeting to come, or none (the API's `meeting=upcoming|none`). */
  meeting: MeetingChoice;
};

/** '' (anyone), 'me', 'none', or a person's id (the admins' filter by a disabled owner). */
export type AssigneeChoice = '' | 'me' | 'none' | (string & {});
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export type ResponseChoice = '' | 'overdue' | 'waiting' | 'answered';
export type FollowUpChoice = '' | 'due';
export type MeetingChoice = '' | 'upcoming' | 'none';
const RESPONSE_CHOICES: readonly ResponseChoice[] = ['overdue', 'waiting', 'answered'];

/** The API's list filters, as the CSV export takes them: every value a string, absent when unset. */
export type ApiFilters = NonNullable<paths['/api/admin/contacts/export.csv']['get']['parameters']['query']> & {
  response?: string;
  followUp?: string;
};

export const Q_MIN_LENGTH = 2;
export const Q_MAX_LENGTH = 100;

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters(params: URLSearchParams): Filters {
  const range = params.get('range');
  return {
    q: params.get('q') ?? '',
    // Values the API does not know (a hand-edited link) are dropped rather than sent.
    interests: list(params.get('interest')).filter((value) => INTERESTS.some((interest) => interest.value === value)),
    statuses: list(params.get('status')).filter((value): value is Status => STATUSES.includes(value as Status)),
    range: range === '7' || range === '30' || range === '90' || range === 'custom' ? range : '',
    from: DAY_PATTERN.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: DAY_PATTERN.test(params.get('to') ?? '') ? params.get('to')! : '',
    assignee: assigneeChoice(params.get('assignee') ?? ''),
    view: findView(params.get('view') ?? '').id,
    response: RESPONSE_CHOICES.find((choice) => choice === params.get('response')) ?? '',
    followUp: params.get('followUp') === 'due' ? 'due' : '',
    meeting:
      params.get('meeting') === 'upcoming' || params.get('meeting') === 'none' ? (params.get('meeting') as MeetingChoice) : '',
  };
}

function assigneeChoice(value: string): AssigneeChoice {
  return value === 'me' || value === 'none' || UUID_PATTERN.test(value) ? value : '';
}

/** The URL's search params for `filters`; empty values are left out. */
export function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.view) params.set('view', filters.view);
  if (filters.q) params.set('q', filters.q);
  if (filters.interests.length) params.set('interest', filters.interests.join(','));
  if (filters.statuses.length) params.set('status', filters.statuses.join(','));
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.response) params.set('response', filters.response);
  if (filters.followUp) params.set('followUp', filters.followUp);
  if (filters.meeting) params.set('meeting', filters.meeting);
  if (filters.range) params.set('range', filters.range);
  if (filters.range === 'custom') {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
  }
  return params;
}

/** Local midnight of a YYYY-MM-DD day. */
function localMidnight(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** Local midnight `days - 1` days before today: a range of `days` calendar days, today included. */
export function rangeStart(days: number, now: Date = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
}

/** The instants of the chosen range: `from` inclusive, `to` exclusive (the day after the last). */
export function rangeInstants(filters: Filters, now: Date = new Date()): { from?: string; to?: string } {
  if (filters.range === 'custom') {
    const to = filters.to ? localMidnight(filters.to) : null;
    if (to) to.setDate(to.getDate() + 1);
    return {
      from: filters.from ? localMidnight(filters.from).toISOString() : undefined,
      to: to ? to.toISOString() : undefined,
    };
  }
  if (filters.range) return { from: rangeStart(Number(filters.range), now).toISOString() };
  return {};
}

/** The filters as the list, the count and the CSV export take them. A search under two characters is not sent. */
export function toApiFilters(filters: Filters, now: Date = new Date()): ApiFilters {
  const q = filters.q.trim();
  const api: ApiFilters = { ...rangeInstants(filters, now) };
  if (q.length >= Q_MIN_LENGTH) api.q = q.slice(0, Q_MAX_LENGTH);
  if (filters.interests.length) api.interest = filters.interests.join(',');
  if (filters.statuses.length) api.status = filters.statuses.join(',');
  if (filters.assignee) api.assignee = filters.assignee;
  if (filters.response) api.response = filters.response;
  if (filters.followUp) api.followUp = filters.followUp;
  if (filters.meeting) api.meeting = filters.meeting;
  // A view's own filters come last: the Spam view lists held leads whatever status is chosen.
  return { ...api, ...findView(filters.view).filters };
}

/** How many days the trend covers for the chosen range: a preset's own, a custom range's from its first day to today (7–365). */
export function trendDays(filters: Filters, now: Date = new Date()): number {
  if (filters.range === 'custom' && filters.from) {
    const days = Math.round((rangeStart(1, now).getTime() - localMidnight(filters.from).getTime()) / 86_400_000) + 1;
    return Math.min(365, Math.max(7, days));
  }
  return filters.range && filters.range !== 'custom' ? Number(filters.range) : 30;
}

export function toQueryString(api: ApiFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(api)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : '';
}
