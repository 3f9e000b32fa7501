import { memo, Suspense, useCallback, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { INTERESTS } from '@/config/interests';
import { lazyWithTheme } from '@/components/lazy-with-theme';
import { PHONE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { STATUSES } from '../api/contact-types';
import type { Filters } from '../utils/filters';
import { STATUS_LABELS } from '../utils/status-labels';
import { AssigneeFilter } from './assignee-filter';
import { FilterChips } from './filter-chips';
import { MeetingFilter } from './meeting-filter';
import { SearchBox } from './search-box';

// The date range (MUI's toggle buttons) is a chunk of its own: a phone shows it only once its
// filters unfold; a wider screen starts fetching it as this chunk runs, alongside the first API calls.
const loadRangePicker = () => import('./range-picker');
if (typeof window !== 'undefined' && window.matchMedia?.(PHONE_SCREEN).matches === false) void loadRangePicker();
const RangePicker = lazyWithTheme(() => loadRangePicker().then((m) => m.RangePicker));

export type SubmissionsFiltersProps = {
  filters: Filters;
  /** Keep it the same function across renders: then a search renders only the search box here. */
  onChange: (changes: Partial<Filters>) => void;
  /** The inbox's views, on the search's row (a row of their own above it on a phone); keep it memoized. */
  views?: ReactNode;
};

const STATUS_OPTIONS = STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/**
 * Search, interest and status chips, and the date range; archived and spam show only when
 * chosen. On a phone the chips and the range fold behind a "Filters" button, so the leads
 * start on the first screen; on a wider screen the groups share rows. Plain elements
 * (styles/controls.css) around MUI's search box.
 * Memoized, and each group too: a lead opened or closed renders none of these controls again,
 * and a search only the search box (MUI's date-range buttons, styled at run time, were the
 * most of what each search rendered again).
 */
export const SubmissionsFilters = memo(function SubmissionsFilters({ filters, onChange, views }: SubmissionsFiltersProps) {
  // Known at the first render (no server render here): a phone never renders the unfolded filters first.
  const phone = useMediaQuery(PHONE_SCREEN);
  const [open, setOpen] = useState(false);
  const foldId = useId();
  const search = useCallback((q: string) => onChange({ q }), [onChange]);
  const chooseInterests = useCallback((interests: string[]) => onChange({ interests }), [onChange]);
  const chooseStatuses = useCallback((statuses: Filters['statuses']) => onChange({ statuses }), [onChange]);
  const chooseAssignee = useCallback((assignee: Filters['assignee']) => onChange({ assignee }), [onChange]);
  const chooseMeeting = useCallback((meeting: Filters['meeting']) => onChange({ meeting }), [onChange]);
  const chosen =
    filters.interests.length +
    filters.statuses.length +
    (filters.range === '' ? 0 : 1) +
    (filters.assignee === '' ? 0 : 1) +
    (filters.meeting === '' ? 0 : 1);
  return (
    <div className="filters">
      {/* On a phone the "Filters" button sits beside the search, so the first lead stays on the first screen. */}
      <div className="filters__search">
        {views ? <div className="filters__views">{views}</div> : null}
        <div className="filters__search-box">
          <SearchBox value={filters.q} onSearch={search} />
        </div>
        {phone && (
          <button
            type="button"
            className="btn btn--outlined btn--small"
            aria-expanded={open}
            aria-controls={foldId}
            onClick={() => setOpen(!open)}
          >
            {chosen > 0 ? `Filters (${chosen})` : 'Filters'}
          </button>
        )}
      </div>
      {/* A phone's folded filters are rendered once unfolded: the range's MUI toggle buttons are
          styled at run time, and their styles made the browser restyle the whole first screen. */}
      <div id={foldId} className="filters filters__groups" hidden={phone && !open}>
        {phone && !open ? null : (
          <>
            <FilterChips label="Interest" options={INTERESTS} selected={filters.interests} onChange={chooseInterests} />
            <FilterChips label="Status" options={STATUS_OPTIONS} selected={filters.statuses} onChange={chooseStatuses} />
            <AssigneeFilter value={filters.assignee} onChange={chooseAssignee} />
            <MeetingFilter value={filters.meeting} onChange={chooseMeeting} />
            {/* The toggle buttons' height held while they load, so nothing below moves. */}
            <Suspense fallback={<div className="filters__range-placeholder" />}>
              <RangePicker range={filters.range} from={filters.from} to={filters.to} onChange={onChange} />
            </Suspense>
          </>
        )}
      </div>
    </div>
  );
});
