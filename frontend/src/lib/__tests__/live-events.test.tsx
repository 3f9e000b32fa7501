import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/config/api';
import { useLiveEvents, useNewLeadIds } from '../live-events';
import { createQueryClient } from '../query-client';
import { clearSessionEnded, useSessionEnded } from '../session-ended';

/** The browser's EventSource as the page uses it: named events, and `error` with readyState. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  /** The answer was not a stream (a 401 once the session ended): EventSource gives up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const fetched: string[] = [];
let meStatus = 200;

function Page({
  client,
  signedIn,
  withThread = false,
  withCards = false,
}: {
  client: QueryClient;
  signedIn: boolean;
  withThread?: boolean;
  withCards?: boolean;
}) {
  useLiveEvents(client, signedIn);
  // The dashboard's cards and its count of leads waiting to be shown.
  useQuery({ queryKey: queryKeys.adminAnalytics('UTC'), enabled: withCards });
  useQuery({ queryKey: [...queryKeys.adminContacts, { from: '2026-11-20T10:00:00.001Z', limit: '1' }], enabled: withCards });
  const lead = useQuery({ queryKey: [...queryKeys.adminContacts, 'id-1'] });
  const other = useQuery({ queryKey: [...queryKeys.adminContacts, 'id-2'] });
  const list = useQuery({ queryKey: [...queryKeys.adminContacts, { limit: '50' }] });
  // An open drawer's conversation (under its lead's key).
  const thread = useQuery({ queryKey: [...queryKeys.adminContacts, 'id-1', 'messages'], enabled: withThread });
  const ended = useSessionEnded();
  return (
    <p>
      {`new: ${useNewLeadIds().size}; ${[lead, other, list, ...(withThread ? [thread] : [])].every((query) => query.isFetched) ? 'loaded' : ''}`}
      {ended ? ' ended' : ''}
      {other.error ? ` id-2: ${(other.error as { status?: number }).status}` : ''}
    </p>
  );
}

function renderPage({ withThread = false, withCards = false } = {}) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, { id: 'u1' });
  const view = render(
    <QueryClientProvider client={client}>
      <Page client={client} signedIn withThread={withThread} withCards={withCards} />
    </QueryClientProvider>,
  );
  const signOut = () =>
    view.rerender(
      <QueryClientProvider client={client}>
        <Page client={client} signedIn={false} />
      </QueryClientProvider>,
    );
  return { client, signOut };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  fetched.length = 0;
  meStatus = 200;
  clearSessionEnded();
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      fetched.push(url);
      if (url === '/api/auth/me') return Promise.resolve(new Response('{}', { status: meStatus }));
      return Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe(useLiveEvents.name, () => {
  it('counts new leads without fetching; a changed lead refetches that lead and the lists, nothing else', async () => {
    const { signOut } = renderPage();
    await screen.findByText(/loaded/);
    const stream = FakeEventSource.opened[0];
    expect(stream.url).toBe('/api/admin/events');
    fetched.length = 0;

    act(() => stream.emit('lead.created', { id: 'id-9' }));
    expect(await screen.findByText(/new: 1/)).toBeInTheDocument();
    expect(fetched).toEqual([]);

    act(() => stream.emit('lead.updated', { id: 'id-1' }));
    await waitFor(() => expect(fetched.sort()).toEqual(['/api/admin/contacts/id-1', '/api/admin/contacts?limit=50']));

    fetched.length = 0;
    act(() => stream.emit('lead.erased', { ids: ['id-9', 'id-2'] }));
    expect(await screen.findByText(/new: 0/)).toBeInTheDocument();
    // The erased lead is not asked for (a 404): its query says it is gone; the list is fetched again.
    expect(await screen.findByText(/id-2: 404/)).toBeInTheDocument();
    await waitFor(() => expect(fetched).toEqual(['/api/admin/contacts?limit=50']));
    signOut();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('fetches a change at once, and the changes that come together once', async () => {
    const { signOut } = renderPage();
    await screen.findByText(/loaded/);
    const stream = FakeEventSource.opened[0];
    fetched.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // Past any earlier test's batch (the stream's state is the module's).
    vi.advanceTimersByTime(1_000);
    /**
     * Runs what is due now, and the promises the fetches wait on. A millisecond a round: the
     * third request of a task leaves in a timer's task of its own (lib/api-client.ts), which
     * the fake clock sets a millisecond ahead when it is set while the clock runs.
     */
    const settle = () =>
      act(async () => {
        for (let i = 0; i < 5; i += 1) await vi.advanceTimersByTimeAsync(1);
      });
    try {
      // One chunk of the stream: both leads and the list, each fetched once, with no wait.
      act(() => {
        stream.emit('lead.updated', { id: 'id-1' });
        stream.emit('lead.updated', { id: 'id-2' });
      });
      await settle();
      expect(fetched.sort()).toEqual(['/api/admin/contacts/id-1', '/api/admin/contacts/id-2', '/api/admin/contacts?limit=50']);
      // Right after a flush, the next change waits for the batch to end, then goes alone.
      fetched.length = 0;
      act(() => stream.emit('lead.updated', { id: 'id-1' }));
      await settle();
      expect(fetched).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(100));
      await settle();
      expect(fetched.sort()).toEqual(['/api/admin/contacts/id-1', '/api/admin/contacts?limit=50']);
    } finally {
      vi.useRealTimers();
      signOut(); // closes the stream, which the next test opens anew
    }
  });

  it('asks again how many new leads wait on a new lead, and refetches the cards with the lists on a change', async () => {
    const { signOut } = renderPage({ withCards: true });
    await screen.findByText(/loaded/);
    const stream = FakeEventSource.opened[0];
    await waitFor(() => expect(fetched).toContain('/api/admin/analytics?tz=UTC'));
    fetched.length = 0;

    act(() => stream.emit('lead.created', { id: 'id-9' }));
    await waitFor(() => expect(fetched).toEqual(['/api/admin/contacts?from=2026-11-20T10%3A00%3A00.001Z&limit=1']));

    fetched.length = 0;
    act(() => stream.emit('lead.updated', { id: 'id-1' }));
    await waitFor(() => expect(fetched).toContain('/api/admin/analytics?tz=UTC'));
    signOut();
  });

  it('a message of a lead (lead.message) refetches that lead, its thread and the lists, nothing else', async () => {
    const { signOut } = renderPage({ withThread: true });
    await screen.findByText(/loaded/);
    const stream = FakeEventSource.opened[0];
    fetched.length = 0;
    act(() => stream.emit('lead.message', { id: 'id-1' }));
    await waitFor(() =>
      expect(fetched.sort()).toEqual([
        '/api/admin/contacts/id-1',
        '/api/admin/contacts/id-1/messages',
        '/api/admin/contacts?limit=50',
      ]),
    );
    signOut();
  });

  it('fetches again what was fetched before the stream opened (a change in between has no event), and again after a drop', async () => {
    const { signOut } = renderPage();
    await screen.findByText(/loaded/);
    const stream = FakeEventSource.opened[0];
    fetched.length = 0;
    act(() => void stream.dispatchEvent(new Event('open')));
    await waitFor(() =>
      expect(fetched.sort()).toEqual(['/api/admin/contacts/id-1', '/api/admin/contacts/id-2', '/api/admin/contacts?limit=50']),
    );
    // EventSource reconnected by itself after a dropped stream: the same again.
    fetched.length = 0;
    act(() => void stream.dispatchEvent(new Event('open')));
    await waitFor(() => expect(fetched).toHaveLength(3));
    signOut();
  });

  it('shows the session as ended when the stream stops with a 401', async () => {
    const { client, signOut } = renderPage();
    await screen.findByText(/loaded/);
    meStatus = 401;
    act(() => FakeEventSource.opened[0].fail());
    expect(await screen.findByText(/ended/)).toBeInTheDocument();
    expect(client.getQueryData(queryKeys.me)).toBeNull();
    signOut();
  });
});
