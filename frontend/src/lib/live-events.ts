import { useEffect, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { ApiError, apiRequest, isApiError } from './api-client';
import { endSession } from './query-client';

/**
 * The admin pages' one live event stream (GET /api/admin/events), open while someone is
 * signed in on any admin page, so that leads arriving while the user is on Account or Team
 * are still counted. It fetches nothing by itself on a new lead (the dashboard's "Show N new
 * leads" does, when asked); a changed or erased lead, or a changed team, makes exactly the
 * queries that show it fetch again (`lead.message`, a message of a lead's conversation, as
 * `lead.updated`: the lead and its thread) (no refetch on an interval: docs/decisions/014-urls-as-query-keys.md).
 */

type LeadEvent = { id: string };
type ErasedEvent = { ids: string[] };

/** After the stream failed for good (not a stream: nginx's 503 while the API restarts), try again this much later. */
const REOPEN_AFTER_MS = 5_000;
/**
 * Events that come together (a bulk change) refetch once: after a flush, the next waits this
 * long. The first event of a quiet moment is flushed at once (in the next task, so the events
 * of one chunk of the stream go together): a teammate's single change pays no wait.
 */
const BATCH_MS = 100;
/** Between two admin pages (the next page's code loading) the stream stays open this long. */
const CLOSE_AFTER_MS = 30_000;

let client: QueryClient | null = null;
let source: EventSource | undefined;
let reopenTimer: number | undefined;
let closeTimer: number | undefined;
let users = 0;
const NONE: ReadonlySet<string> = new Set();
// The same empty set as the server render's, so that taking over a prerendered page renders nothing again.
let newLeads = NONE;
const listeners = new Set<() => void>();
const changed = new Set<string>();
const erased = new Set<string>();
let teamChanged = false;
let leadsCreated = false;
let batchTimer: number | undefined;
let lastFlushAt = -Infinity;

function setNewLeads(next: ReadonlySet<string>): void {
  newLeads = next;
  for (const listener of listeners) listener();
}

const data = <T>(event: Event) => JSON.parse((event as MessageEvent<string>).data) as T;

/** What the events of the last moment name, fetched again: only the queries that show them. */
function flush(): void {
  batchTimer = undefined;
  lastFlushAt = Date.now();
  if (!client) return;
  const queryClient = client;
  // The page's own change first (its answer and what it refetches, then its callbacks, such
  // as closing the drawer of the lead it erased): then what everyone changed.
  if (queryClient.isMutating() > 0) {
    soon();
    return;
  }
  for (const id of changed) void queryClient.invalidateQueries({ queryKey: [...queryKeys.adminContacts, id] });
  // An erased lead's answer is known without asking (a 404): an open drawer says so at once,
  // and the page that erased it asks nothing it would only get a 404 for.
  for (const id of erased) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: [...queryKeys.adminContacts, id] })) {
      query.setState({
        status: 'error',
        fetchStatus: 'idle',
        data: undefined,
        error: new ApiError(404, 'This submission was erased'),
      });
    }
  }
  if (changed.size || erased.size) {
    // The lists (rows and their counts): the keys whose third part is a list's filters.
    void queryClient.invalidateQueries({
      queryKey: queryKeys.adminContacts,
      predicate: (query) => typeof query.queryKey[2] === 'object',
    });
  }
  // The cards count what the lists show (a status, spam, an erasure): fetched again with them,
  // so that they never say "Total 1" beside a list of 33.
  if (changed.size || erased.size) void queryClient.invalidateQueries({ queryKey: [...queryKeys.admin, 'analytics'] });
  // New leads are listed only when the user asks; how many wait (the counts: a list's key
  // with `limit: '1'`) is asked again at once, so "Show N new leads" is the server's N.
  if (leadsCreated) {
    void queryClient.invalidateQueries({
      queryKey: queryKeys.adminContacts,
      predicate: (query) => (query.queryKey[2] as { limit?: string } | undefined)?.limit === '1',
    });
  }
  if (teamChanged) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminAssignees });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
    // The user's own role or name may be what changed.
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }
  changed.clear();
  erased.clear();
  teamChanged = false;
  leadsCreated = false;
}

/**
 * The stream opened (first, or again after a drop): what the page fetched before it may have
 * missed a change made in between (the server keeps no backlog), so the lead and team queries
 * that already hold data are fetched again. Queries still on their first fetch are left alone,
 * so that a page loading does not ask twice for its list.
 */
function catchUp(openedAt: number): void {
  if (!client) return;
  const fetchedBefore = (query: { state: { dataUpdatedAt: number } }) =>
    query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt <= openedAt;
  for (const queryKey of [
    queryKeys.adminContacts,
    queryKeys.adminAssignees,
    queryKeys.adminUsers,
    [...queryKeys.admin, 'analytics'],
  ]) {
    void client.invalidateQueries({ queryKey, predicate: fetchedBefore }, { cancelRefetch: false });
  }
}

function soon(): void {
  batchTimer ??= window.setTimeout(flush, Math.max(0, lastFlushAt + BATCH_MS - Date.now()));
}

/** The stream answered something other than a stream: a 401 means the session ended; anything else, try later. */
async function afterFailure(): Promise<void> {
  try {
    await apiRequest(API.me);
  } catch (error) {
    if (isApiError(error, 401) && client) {
      endSession(client);
      return;
    }
  }
  if (users > 0) reopenTimer = window.setTimeout(open, REOPEN_AFTER_MS);
}

function open(): void {
  const stream = new EventSource(API.events);
  source = stream;
  stream.addEventListener('open', () => catchUp(Date.now()));
  stream.addEventListener('lead.created', (event) => {
    const { id } = data<LeadEvent>(event);
    if (!newLeads.has(id)) setNewLeads(new Set(newLeads).add(id));
    leadsCreated = true;
    soon();
  });
  stream.addEventListener('lead.updated', (event) => {
    const { id } = data<LeadEvent>(event);
    if (!erased.has(id)) changed.add(id);
    soon();
  });
  // A message sent, received or delivered: the lead's key holds its thread too (and its
  // lastMessageAt, awaitingReply and version), so the same refetch shows it.
  stream.addEventListener('lead.message', (event) => {
    const { id } = data<LeadEvent>(event);
    if (!erased.has(id)) changed.add(id);
    soon();
  });
  stream.addEventListener('lead.erased', (event) => {
    const { ids } = data<ErasedEvent>(event);
    for (const id of ids) {
      erased.add(id);
      changed.delete(id);
    }
    if (ids.some((id) => newLeads.has(id))) setNewLeads(new Set([...newLeads].filter((id) => !ids.includes(id))));
    soon();
  });
  stream.addEventListener('team.updated', () => {
    teamChanged = true;
    soon();
  });
  // EventSource reconnects by itself after a dropped stream (the API's `retry`), but gives up
  // on an answer that is not a stream (a 401 once the session ended, a 503): CLOSED.
  stream.addEventListener('error', () => {
    if (stream.readyState === EventSource.CLOSED && source === stream) void afterFailure();
  });
}

function close(): void {
  window.clearTimeout(reopenTimer);
  window.clearTimeout(closeTimer);
  source?.close();
  source = undefined;
  if (newLeads.size) setNewLeads(NONE);
}

/** Opens the stream for a signed-in page (`signedIn`), closes it when the user signs out or the session ends. */
export function useLiveEvents(queryClient: QueryClient, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    client = queryClient;
    users += 1;
    window.clearTimeout(closeTimer);
    if (!source) open();
    return () => {
      users -= 1;
      if (users === 0) closeTimer = window.setTimeout(close, CLOSE_AFTER_MS);
    };
  }, [queryClient, signedIn]);
  useEffect(() => {
    if (!signedIn && users === 0) close();
  }, [signedIn]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getNewLeads = () => newLeads;

/** The ids of the leads stored since the page opened (or since `resetNewLeads`), counted live. */
export function useNewLeadIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, getNewLeads, () => NONE);
}

/** Leads the page shows by now (a list fetched again brought them) are no longer counted as new. */
export function forgetNewLeads(shown: readonly string[]): void {
  if (!shown.some((id) => newLeads.has(id))) return;
  const next = new Set(newLeads);
  for (const id of shown) next.delete(id);
  setNewLeads(next);
}

/** The user asked to see the new leads: the count starts again from zero. */
export function resetNewLeads(): void {
  setNewLeads(NONE);
}
