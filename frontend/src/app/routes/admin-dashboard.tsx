import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { RouterLink } from '@/components/router-link';
import { LazyAlert as Alert } from '@/components/lazy-alert';
import { lazyWithTheme } from '@/components/lazy-with-theme';
import { LoadingScreen } from '@/components/loading-screen';
import { Spinner } from '@/components/spinner';
import { queryKeys } from '@/config/api';
import { ADMIN_LOADING_TEXT } from '@/config/pages';
import { paths } from '@/config/paths';
import { forgetNewLeads, resetNewLeads } from '@/lib/live-events';
import { useIdleAfter } from '@/lib/use-idle';
import { useMediaQuery, WIDE_SCREEN } from '@/lib/use-media-query';
import { useKnownTimeZone } from '@/lib/time-zone';
import { useCan } from '@/lib/session-user';
import { useAnalytics } from '@/features/analytics/api/get-analytics';
import { StatCards } from '@/features/analytics/components/stat-cards';
import { ResponseReportSlot } from '@/features/analytics/components/response-report-slot';
import { TrendPanel } from '@/features/analytics/components/trend-panel';
import { getContactsQueryOptions, useNewCount } from '@/features/inbox/api/get-contacts';
import { INBOX_API } from '@/features/inbox/api/inbox-keys';
import { prefetchLead } from '@/features/inbox/api/prefetch-lead';
import { useLeadConflicts } from '@/features/inbox/api/lead-conflicts';
import { ErasePersonButton } from '@/features/inbox/components/erase-person-button';
import { InboxViews } from '@/features/inbox/components/inbox-views';
import { LeadSelectionContext, SelectAllBox, useSelectedIds } from '@/features/inbox/components/lead-selection-boxes';
import { ResponseViews } from '@/features/inbox/components/response-views';
import { SubmissionsFilters } from '@/features/inbox/components/submissions-filters';
import { SubmissionsList } from '@/features/inbox/components/submissions-list';
import { SubmissionsTable } from '@/features/inbox/components/submissions-table';
import type { ContactSubmission } from '@/features/inbox/api/contact-types';
import type { Filters } from '@/features/inbox/utils/filters';
import { LeadSelection } from '@/features/inbox/utils/lead-selection';
import { readFilters, toApiFilters, toQueryString, trendDays, writeFilters } from '@/features/inbox/utils/filters';
import './admin-dashboard.css';

// The drawer (its editors and thread, plain HTML and CSS; its dialogs and alerts bring MUI when
// they show) is a chunk of its own, fetched once the first rows are on screen rather than before them.
const SubmissionDrawer = lazy(() =>
  import('@/features/inbox/components/submission-drawer').then((m) => ({ default: m.SubmissionDrawer })),
);

// A teammate's conflicting change is rare: its notice (MUI's Alert) comes when one shows.
const ConflictNotice = lazy(() =>
  import('@/features/inbox/components/conflict-notice').then((m) => ({ default: m.ConflictNotice })),
);

// The Spam view's list and the bulk actions' bar are chunks of their own too: most visits
// never open the one or tick a lead.
const SpamList = lazyWithTheme(() => import('@/features/inbox/components/spam-list').then((m) => m.SpamList));
const BulkActionBar = lazyWithTheme(() => import('@/features/inbox/components/bulk-action-bar').then((m) => m.BulkActionBar));

/** The bar, fetched and shown once a lead is ticked. */
function BulkBarSlot({ spamView }: { spamView: boolean }) {
  const ticked = useSelectedIds().length > 0;
  return ticked ? (
    <Suspense fallback={null}>
      <BulkActionBar spamView={spamView} />
    </Suspense>
  ) : null;
}

const NO_SUBMISSIONS: ContactSubmission[] = [];

const hasFilters = (filters: Filters) =>
  Boolean(
    filters.q.trim() ||
    filters.interests.length ||
    filters.statuses.length ||
    filters.range ||
    filters.assignee ||
    filters.response ||
    filters.followUp,
  );

/**
 * What /admin shows under its heading once signed in: the inbox's list and the analytics
 * around it, composed here (a chunk of its own: routes/admin.tsx loads it lazily).
 */
export function AdminDashboard() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  // The filters are read again only when their own parameters change: opening a lead (`lead`)
  // renders none of the filters' controls again.
  const filtersQuery = useMemo(() => {
    const params = new URLSearchParams(searchParams);
    params.delete('lead');
    return params.toString();
  }, [searchParams]);
  const filters = useMemo(() => readFilters(new URLSearchParams(filtersQuery)), [filtersQuery]);
  const apiFilters = useMemo(() => toApiFilters(filters), [filters]);
  const [openedAt] = useState(() => new Date().toISOString());
  // The open lead lives in the URL too (`?lead=<id>`), so a link opens it for a teammate.
  const openId = searchParams.get('lead');
  // One function for the page's life (setSearchParams and the query client are stable), so
  // that the memoized rows do not render again when a lead opens or closes. The lead's data
  // leaves with the click, before React draws the drawer (prefetch-lead).
  const setOpenId = useCallback(
    (id: string | null) => {
      if (id) prefetchLead(queryClient, id);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('lead', id);
          else next.delete('lead');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, queryClient],
  );
  const closeLead = useCallback(() => setOpenId(null), [setOpenId]);
  // A viewer reads; exporting is a member's, erasing a person an admin's (the API refuses the rest).
  const canExport = useCan('triage');
  const canErase = useCan('delete');
  // The ticked leads; a viewer gets no boxes (LeadSelectionContext stays null). A new filter or
  // view unticks everything, so that an action never reaches a lead no longer on screen.
  const [selection] = useState(() => new LeadSelection());
  useEffect(() => selection.clear(), [selection, filtersQuery]);
  const wide = useMediaQuery(WIDE_SCREEN);

  // The statistics and the export speak the browser's zone, read on a worker (lib/time-zone).
  const tz = useKnownTimeZone();
  const analytics = useAnalytics(tz);
  // While new filters load, the rows of the old ones stay on screen (and the search box keeps its focus).
  const contacts = useInfiniteQuery({ ...getContactsQueryOptions(apiFilters), placeholderData: keepPreviousData });
  const submissions = useMemo(() => contacts.data?.pages.flatMap((page) => page.items) ?? [], [contacts.data]);
  // The rows are built in the background, in slices that leave the page free to answer input
  // (React's deferred render): the first 50 rows, the next 50 of "Load more", a search's
  // results. One at once was the page's longest task: 0.7 s at 4x CPU slowdown.
  const shownSubmissions = useDeferredValue(submissions, NO_SUBMISSIONS);
  // What comes below the list waits for its first rows, which would push it down (a layout shift).
  const rowsBuilt = shownSubmissions.length > 0 || submissions.length === 0;
  // The drawer steps through the rows shown (J, K): their ids, in order.
  const listIds = useMemo(() => shownSubmissions.map((submission) => submission.id), [shownSubmissions]);
  // The drawer's chunk and its styles come in a task of their own once the rows are up, so
  // that the first click finds them (new style rules restyle the whole dashboard, which a
  // click should not wait for); it draws nothing until a lead opens. A lead opened by the
  // address brings it at once.
  const drawerMounted = useIdleAfter(rowsBuilt) || openId !== null;
  // The leads matching the filters that arrived after the newest row the list shows: exactly
  // what "Show N new leads" brings in (a lead that the filters hide is not promised). Asked
  // again on each live `lead.created` (live-events), and after each fetch of the list.
  const newestShown = useMemo(
    () => submissions.reduce((newest, row) => (row.submittedAt > newest ? row.submittedAt : newest), ''),
    [submissions],
  );
  const waitingSince = newestShown ? new Date(Date.parse(newestShown) + 1).toISOString() : openedAt;
  const waiting = useNewCount(apiFilters, waitingSince).data ?? 0;
  // Those of them since the page opened that the list shows by now: the two counts add up.
  const sinceOpened = useNewCount(apiFilters, openedAt).data ?? 0;
  // The live ids count on every admin page (the title's "(N)"); rows shown are forgotten.
  useEffect(() => forgetNewLeads(submissions.map((submission) => submission.id)), [submissions]);
  const liveCount = waiting;
  const liveLabel = `${liveCount} new lead${liveCount === 1 ? '' : 's'}`;
  // A row's change refused because a teammate changed that lead first (the drawer shows its own lead's).
  const rowConflicts = useLeadConflicts().filter((conflict) => conflict.leadId !== openId);

  // One function for the page's life too (it reads the filters from the address it changes),
  // so that the filters' memoized controls render again only when their own values change:
  // a search renders none of them but the search box.
  const changeFilters = useCallback(
    (changes: Partial<Filters>) =>
      setSearchParams((current) => writeFilters({ ...readFilters(current), ...changes }), { replace: true }),
    [setSearchParams],
  );
  const changeView = useCallback((view: string) => changeFilters({ view }), [changeFilters]);
  // The views lead the filters' first row, beside the search (a phone's own row above it);
  // memoized with what they show, so that opening a lead or a search renders neither again.
  const views = useMemo(
    () => (
      <div className="toolbar toolbar--scroll">
        <InboxViews current={filters.view} onChange={changeView} />
        <ResponseViews filters={{ response: filters.response, followUp: filters.followUp }} onChange={changeFilters} />
      </div>
    ),
    [filters.view, filters.response, filters.followUp, changeView, changeFilters],
  );
  const refresh = () => {
    resetNewLeads();
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin });
  };

  // The first screen is built in React's deferred render (in slices), not in the task that
  // brought the last of its data: that was one task of some 100 ms on a phone (4x CPU).
  const loaded = useDeferredValue(!(analytics.isPending || contacts.isPending));
  if (!loaded || analytics.isPending || contacts.isPending) {
    return <LoadingScreen label={ADMIN_LOADING_TEXT} />;
  }

  if (!analytics.data) {
    return (
      <Alert severity="error" role="alert">
        Could not load the dashboard: {analytics.error?.message}
      </Alert>
    );
  }

  // A list the API refused (a hand-edited filter, say) leaves the rest of the page and
  // every control in place, with the API's message beside the filters.
  const total = contacts.data?.pages[0]?.total ?? null;
  const listError = contacts.isError && !contacts.isFetchNextPageError;
  const fresh = Math.max(0, sinceOpened - waiting);

  const spamView = filters.view === 'spam';
  const rangeCount =
    submissions.length > 0 ? (
      <p className="body2 text-secondary" data-testid="range-count">
        {`1–${submissions.length}${total !== null ? ` of ${total}` : ''}`}
      </p>
    ) : null;

  return (
    <LeadSelectionContext value={canExport ? selection : null}>
      {/* The first screen's frame, rows and buttons are plain elements (styles/controls.css):
          MUI's are styled at run time, which was most of a phone's first-screen work. */}
      <div className="dashboard">
        <StatCards analytics={analytics.data} />
        <section aria-labelledby="recent-submissions" className="dashboard__inbox">
          <div className="toolbar">
            <h2 id="recent-submissions" className="dashboard__title">
              Recent Submissions
            </h2>
            {/* A wide screen's count sits beside the title, a row saved above the table. */}
            {wide ? rangeCount : null}
            <span className="dashboard__spacer" />
            <p role="status" className={fresh ? 'body2 dashboard__fresh' : 'body2 text-secondary'} data-testid="new-count">
              {fresh ? `${fresh} new since you opened the page` : ''}
            </p>
            <div role="status" className="dashboard__contents">
              {liveCount ? (
                <button type="button" className="btn btn--small btn--contained" onClick={refresh} data-testid="live-count">
                  {`Show ${liveLabel}`}
                </button>
              ) : null}
            </div>
            <button type="button" className="btn btn--small btn--outlined" onClick={refresh} disabled={contacts.isFetching}>
              Refresh
            </button>
            {canExport ? (
              <a
                className="btn btn--small btn--outlined"
                // Its dates in the zone the screen shows them in.
                href={`${INBOX_API.contacts}/export.csv${toQueryString({ ...apiFilters, tz })}`}
                download
              >
                Export CSV
              </a>
            ) : null}
            {canErase ? <ErasePersonButton /> : null}
          </div>
          {/* The views on one line (scrolling sideways on a phone), so that a phone's first lead stays on its first screen. */}
          <SubmissionsFilters filters={filters} onChange={changeFilters} views={views} />
          <Suspense fallback={null}>
            {rowConflicts.map((conflict) => (
              <ConflictNotice
                key={conflict.leadId}
                conflict={conflict}
                lead={submissions.find((submission) => submission.id === conflict.leadId)}
              />
            ))}
          </Suspense>
          {listError ? (
            <Alert severity="error" role="alert">
              Could not load the submissions: {contacts.error?.message}
            </Alert>
          ) : null}
          <div className="dashboard__progress">
            {contacts.isFetching && !contacts.isFetchingNextPage ? (
              <span className="progress-bar" role="progressbar" aria-label="Loading submissions" />
            ) : null}
          </div>
          {submissions.length > 0 && !wide ? (
            <div className="toolbar dashboard__count">
              {rangeCount}
              {/* The phone's list has no header row: its page box sits beside the count. */}
              {!spamView ? <SelectAllBox ids={shownSubmissions.map((submission) => submission.id)} visibleLabel /> : null}
            </div>
          ) : null}
          {listError ? null : submissions.length === 0 ? (
            <div className="dashboard__empty">
              {spamView && !hasFilters(filters) ? (
                <p>No leads are held as spam.</p>
              ) : hasFilters(filters) ? (
                <p>No submissions match these filters.</p>
              ) : (
                <>
                  <p>No submissions found yet.</p>
                  <RouterLink className="lead-link" href={paths.home}>
                    Go to the contact form
                  </RouterLink>
                </>
              )}
            </div>
          ) : spamView ? (
            <Suspense fallback={<LoadingScreen label="Loading the spam folder" />}>
              <SpamList submissions={shownSubmissions} onOpen={setOpenId} />
            </Suspense>
          ) : wide ? (
            <SubmissionsTable submissions={shownSubmissions} onOpen={setOpenId} />
          ) : (
            <SubmissionsList submissions={shownSubmissions} onOpen={setOpenId} />
          )}
          {contacts.hasNextPage && rowsBuilt ? (
            <div className="dashboard__more">
              {/* Plain CSS, spinner included: styles a component inserts at the click (MUI's
                startIcon's were) make the browser restyle the whole dashboard before the next paint. */}
              <button
                type="button"
                className="btn btn--outlined"
                onClick={() => void contacts.fetchNextPage()}
                disabled={contacts.isFetchingNextPage}
              >
                {contacts.isFetchingNextPage ? <Spinner /> : null}
                Load more
              </button>
            </div>
          ) : null}
          {contacts.isFetchNextPageError ? (
            <Alert severity="error" role="alert">
              Could not load more submissions: {contacts.error?.message}
            </Alert>
          ) : null}
          <BulkBarSlot spamView={spamView} />
        </section>
        {/* The list comes right below the cards (docs/frontend.md); the trend follows the leads. */}
        {rowsBuilt ? (
          <div className="dashboard__trend">
            <TrendPanel days={trendDays(filters)} interestBreakdown={analytics.data.interestBreakdown} />
          </div>
        ) : null}
        {rowsBuilt ? <ResponseReportSlot /> : null}
        {drawerMounted ? (
          <Suspense fallback={null}>
            <SubmissionDrawer id={openId} listIds={listIds} onOpen={setOpenId} onClose={closeLead} />
          </Suspense>
        ) : null}
      </div>
    </LeadSelectionContext>
  );
}
