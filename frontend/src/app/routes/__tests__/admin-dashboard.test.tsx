import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { AdminDashboard } from '../admin-dashboard';

// The lazily loaded parts, compiled before the tests (a browser has fetched them by the time
// they are shown): what the tests wait for is the page, not the test runner's compiler.
beforeAll(async () => {
  await Promise.all([
    import('@/features/inbox/components/submission-drawer'),
    import('@/features/inbox/components/erase-person-dialog'),
    import('@/features/analytics/components/trend-chart'),
  ]);
  // (Compiling them took more than the 10 s default on a loaded 2-core machine.)
}, 120_000);

type Call = { method: string; url: string; body: unknown; ifMatch?: string };

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const lead = {
  id: 'id-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  linkedin: null,
  company: 'Engines Ltd',
  interest: 'community',
  comments: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  status: 'new',
  repeatOf: 'id-0',
  assigneeId: null,
  version: 3,
  spamScore: 0,
  spamReasons: [],
  heldAsSpam: false,
};

const detail = {
  ...lead,
  assignee: null,
  notes: [
    {
      id: 'note-1',
      authorId: 'user-ann',
      authorDisplayName: 'Ann',
      body: 'Met her at the fair.',
      createdAt: '2026-11-21T08:00:00.000Z',
    },
  ],
  statusChangedAt: '2026-11-21T09:00:00.000Z',
  statusChangedBy: 'admin',
  delivery: { state: 'failed', attempts: 3, lastError: 'HTTP 500', deliveredAt: null },
  history: [
    {
      at: '2026-11-21T09:00:00.000Z',
      actor: 'admin',
      actorDisplayName: 'Otto Admin',
      action: 'status',
      detail: { from: 'contacted', to: 'new' },
    },
  ],
  otherSubmissions: [{ id: 'id-0', submittedAt: '2026-10-01T10:00:00.000Z', interest: 'partnership', status: 'qualified' }],
  meetings: [],
  utmSource: 'newsletter',
  utmCampaign: 'autumn',
  referrer: 'https://search.example/',
};

// A second lead, listed below the first when a test lists it.
const grace = { ...lead, id: 'id-2', name: 'Grace Hopper', email: 'grace@example.com', repeatOf: null };

let calls: Call[];
/** The list's rows. */
let listed: object[];
/** What PATCH answers: the changed lead, unless a test says otherwise (a 412). */
let patchAnswer: ((body: object) => Response) | null;

beforeEach(() => {
  calls = [];
  listed = [lead];
  patchAnswer = null;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? 'GET';
      const ifMatch = (init?.headers as Record<string, string> | undefined)?.['If-Match'];
      calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined, ifMatch });
      const path = url.split('?')[0];
      if (path === '/api/admin/analytics')
        return Promise.resolve(
          json({ total: 5, thisMonth: 2, companiesSubmitted: 1, interestBreakdown: { community: 4, partnership: 1 } }),
        );
      if (path === '/api/admin/analytics/trend') return Promise.resolve(json([]));
      if (path === '/api/admin/contacts' && url.includes('limit=1')) return Promise.resolve(json([], { 'X-Total-Count': '3' }));
      if (path === '/api/admin/contacts') return Promise.resolve(json(listed, { 'X-Total-Count': '812' }));
      if (path === '/api/admin/contacts/id-2' && method === 'GET')
        return Promise.resolve(json({ ...detail, ...grace, notes: [], history: [], otherSubmissions: [] }));
      if (path === '/api/admin/contacts/id-1' && method === 'GET') return Promise.resolve(json(detail));
      if (path === '/api/admin/contacts/id-1' && method === 'PATCH') {
        const changes = JSON.parse(init!.body as string) as object;
        return Promise.resolve(patchAnswer ? patchAnswer(changes) : json({ ...detail, ...changes, version: detail.version + 1 }));
      }
      if (path === '/api/admin/contacts/id-1/notes' && method === 'POST')
        return Promise.resolve(
          json({ id: 'note-2', authorId: 'me', authorDisplayName: 'Me', body: 'x', createdAt: '' }, {}, 201),
        );
      if (path === '/api/admin/contacts/id-1' && method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
      if (path === '/api/admin/contacts/id-1/redeliver') return Promise.resolve(new Response(null, { status: 202 }));
      if (path === '/api/admin/erasures') return Promise.resolve(json({ erased: 2 }));
      return Promise.resolve(new Response('not found', { status: 404 }));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const sent = (method: string, url: string) => calls.filter((call) => call.method === method && call.url.startsWith(url));

const ZONE = new URLSearchParams({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone }).toString();

describe(AdminDashboard.name, () => {
  it('shows the total, the new count, the repeat marker and the interest breakdown', async () => {
    renderApp(<AdminDashboard />, { route: '/admin' });
    expect(await screen.findByText('1–1 of 812')).toBeInTheDocument();
    // Three leads matching the filters arrived after the newest row shown (the count the API
    // answers): the button brings them in, and none of them is counted as shown yet.
    expect(await screen.findByTestId('live-count')).toHaveTextContent('Show 3 new leads');
    expect(screen.getByTestId('new-count')).toHaveTextContent('');
    const counts = sent('GET', '/api/admin/contacts?').filter((call) => call.url.includes('limit=1'));
    expect(counts.map((call) => new URL(call.url, 'http://x').searchParams.get('from'))).toContain('2026-11-20T10:00:00.001Z');
    expect(await screen.findByText('Repeat')).toBeInTheDocument();
    expect(screen.getByTestId('breakdown-community')).toHaveTextContent('TA Builder Community: 4 (80 %)');
    // Dates in the zone the screen shows them in.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/admin/contacts/export.csv?${ZONE}`);
  });

  it('puts filters in the URL and the API call, and searches once typing pauses', async () => {
    const { user, location } = renderApp(<AdminDashboard />, { route: '/admin' });
    await screen.findByText('1–1 of 812');
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Spam' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin?status=spam'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin?q=ada&status=spam'));
    // (The counts of new leads ask with the same filters, one row each.)
    const lists = () => sent('GET', '/api/admin/contacts?q=ada&status=spam').filter((call) => !call.url.includes('limit=1'));
    await waitFor(() => expect(lists()).toHaveLength(1));
    // One request for the whole word, none for "a" or "ad".
    expect(calls.filter((call) => call.url.includes('q=a&') || call.url.includes('q=ad&'))).toEqual([]);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/contacts/export.csv?q=ada&status=spam&${ZONE}`,
    );
  });

  it('keeps a filter chosen while the search waits for typing to pause', async () => {
    const { user, location } = renderApp(<AdminDashboard />, { route: '/admin' });
    await screen.findByText('1–1 of 812');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    // Chosen before the search runs (typing pauses for 300 ms first).
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Spam' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin?q=ada&status=spam'));
    expect(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Spam' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('changes a status in the list with one choice', async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of Ada Lovelace' }), 'contacted');
    await waitFor(() => expect(sent('PATCH', '/api/admin/contacts/id-1')).toHaveLength(1));
    expect(sent('PATCH', '/api/admin/contacts/id-1')[0]).toMatchObject({ body: { status: 'contacted' }, ifMatch: '"3"' });
  });

  it("shows what a teammate changed when a save comes too late, and applies the user's change again on the version now shown", async () => {
    const theirs = {
      ...detail,
      status: 'contacted',
      version: 4,
      history: [
        {
          at: '2026-11-21T10:00:00.000Z',
          actor: 'ann',
          actorDisplayName: 'Ann',
          action: 'status',
          detail: { from: 'new', to: 'contacted' },
        },
        ...detail.history,
      ],
    };
    patchAnswer = () => json(theirs, {}, 412);
    const { user } = renderApp(<AdminDashboard />, { route: '/admin?lead=id-1' });
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    await user.selectOptions(await within(drawer).findByRole('combobox', { name: 'Status of Ada Lovelace' }), 'qualified');

    const conflict = await within(drawer).findByTestId('conflict');
    expect(conflict).toHaveTextContent(
      'Ann changed the status to Contacted while you were editing Ada Lovelace. Your change was not saved.',
    );
    // (The select keeps the user's choice until the refused save has settled, a task later.)
    await waitFor(() =>
      expect(within(drawer).getByRole('combobox', { name: 'Status of Ada Lovelace' })).toHaveValue('contacted'),
    );

    patchAnswer = null;
    await user.click(within(conflict).getByRole('button', { name: 'Apply mine again' }));
    await waitFor(() => expect(sent('PATCH', '/api/admin/contacts/id-1')).toHaveLength(2));
    expect(sent('PATCH', '/api/admin/contacts/id-1').map((call) => [call.ifMatch, call.body])).toEqual([
      ['"3"', { status: 'qualified' }],
      ['"4"', { status: 'qualified' }],
    ]);
    await waitFor(() => expect(within(drawer).queryByTestId('conflict')).not.toBeInTheDocument());
  });

  it("shows the lead's sections in order, the ones below the conversation once its second render is drawn", async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    await within(drawer).findByRole('region', { name: 'History' });
    expect(
      within(drawer)
        .getAllByRole('region')
        .map((section) => section.getAttribute('aria-label')),
    ).toEqual([
      'Status',
      'Assignee',
      'First response',
      'Follow-up',
      'Meetings',
      'Conversation',
      'Notes',
      'Where the lead came from',
      'Spreadsheet',
      'E-mails',
      'Other submissions of this person',
      'History',
    ]);
    expect(within(drawer).getByText('Met her at the fair.')).toBeInTheDocument();
    expect(within(drawer).getByTestId('history')).toHaveTextContent('by Otto Admin');
  });

  it('moves to the next and the previous lead of the list with J and K, and with its buttons', async () => {
    listed = [lead, grace];
    const { user, location } = renderApp(<AdminDashboard />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    await within(drawer).findByRole('combobox', { name: 'Status of Ada Lovelace' });
    expect(within(drawer).getByRole('button', { name: 'Previous lead (K)' })).toBeDisabled();

    await user.keyboard('j');
    await within(drawer).findByRole('combobox', { name: 'Status of Grace Hopper' });
    expect(location.history?.at(-1)).toBe('/admin?lead=id-2');
    expect(within(drawer).getByRole('button', { name: 'Next lead (J)' })).toBeDisabled();
    // Typed into a field, J is a letter. (The notes come in the drawer's second render.)
    const noteBox = await within(drawer).findByRole('textbox', { name: /note/i });
    await user.type(noteBox, 'kj');
    expect(noteBox).toHaveValue('kj');
    expect(location.history?.at(-1)).toBe('/admin?lead=id-2');

    await user.click(within(drawer).getByRole('button', { name: 'Previous lead (K)' }));
    await within(drawer).findByRole('combobox', { name: 'Status of Ada Lovelace' });
    expect(location.history?.at(-1)).toBe('/admin?lead=id-1');
  });

  it('marks the lead shown busy until the next is drawn, and stays closed when closed right after a step', async () => {
    listed = [lead, grace];
    const { user, location } = renderApp(<AdminDashboard />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    await within(drawer).findByRole('combobox', { name: 'Status of Ada Lovelace' });

    // The key's own frame shows the step; the next lead comes in a task after it.
    await user.keyboard('j');
    expect(within(drawer).getByRole('article', { name: 'Ada Lovelace' }).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await within(drawer).findByRole('combobox', { name: 'Status of Grace Hopper' });
    expect(within(drawer).getByRole('article', { name: 'Grace Hopper' }).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'false',
    );

    // K, then Escape before the previous lead is drawn: the drawer stays closed.
    await user.keyboard('k{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin');
  });

  it("applies the user's second quick change on top of their own first, with no conflict notice", async () => {
    // The first change's answer had not reached the row: the second went with the old version.
    const mine = {
      ...detail,
      status: 'contacted',
      version: 4,
      history: [
        {
          at: '2026-11-21T10:00:00.000Z',
          actor: TEST_ADMIN.username,
          actorId: TEST_ADMIN.id,
          actorDisplayName: TEST_ADMIN.displayName,
          action: 'status',
          detail: { from: 'new', to: 'contacted' },
        },
        ...detail.history,
      ],
    };
    patchAnswer = (changes) =>
      sent('PATCH', '/api/admin/contacts/id-1').length === 1 ? json(mine, {}, 412) : json({ ...mine, ...changes, version: 5 });
    const { user } = renderApp(<AdminDashboard />, { route: '/admin?lead=id-1' });
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    await user.selectOptions(await within(drawer).findByRole('combobox', { name: 'Status of Ada Lovelace' }), 'qualified');

    await waitFor(() => expect(sent('PATCH', '/api/admin/contacts/id-1')).toHaveLength(2));
    expect(sent('PATCH', '/api/admin/contacts/id-1').map((call) => [call.ifMatch, call.body])).toEqual([
      ['"3"', { status: 'qualified' }],
      ['"4"', { status: 'qualified' }],
    ]);
    expect(screen.queryByTestId('conflict')).not.toBeInTheDocument();
    expect(screen.queryByText(/while you were editing/)).not.toBeInTheDocument();
  });

  it('opens the drawer: every field, provenance, history, other submissions, the reply box, note, send again', async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    expect(await within(drawer).findByText('newsletter')).toBeInTheDocument();
    expect(within(drawer).getByText('https://search.example/')).toBeInTheDocument();
    expect(within(drawer).getByText(/Status: Contacted → New/)).toBeInTheDocument();
    // Who changed the status, by the name the rest of the dashboard uses (not the username).
    expect(within(drawer).getByText(/^Changed by /)).toHaveTextContent(/^Changed by Otto Admin on /);
    expect(within(drawer).getByText(/Failed, 3 attempts/)).toBeInTheDocument();
    expect(within(drawer).getByText('Last error: HTTP 500')).toBeInTheDocument();
    expect(within(drawer).getByText(/Partnership Opportunities, Qualified/)).toBeInTheDocument();
    // The answer goes from the drawer's reply box, into the lead's thread; no mail program.
    expect(within(drawer).getByRole('form', { name: 'Reply to the lead' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: /Reply by e-mail|mail program/ })).not.toBeInTheDocument();

    const note = within(within(drawer).getByRole('list', { name: 'Notes' })).getByRole('listitem');
    expect(note).toHaveTextContent('Ann');
    expect(note).toHaveTextContent('Met her at the fair.');
    // Another's note: an admin may delete it (the tests sign in as an admin).
    expect(within(note).getByRole('button', { name: 'Delete the note by Ann' })).toBeEnabled();
    await user.type(within(drawer).getByRole('textbox', { name: 'New note' }), 'Call on Monday');
    await user.click(within(drawer).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(sent('POST', '/api/admin/contacts/id-1/notes')[0]?.body).toEqual({ body: 'Call on Monday' }));
    await waitFor(() => expect(within(drawer).getByRole('textbox', { name: 'New note' })).toHaveValue(''));

    await user.click(within(drawer).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(sent('POST', '/api/admin/contacts/id-1/redeliver')).toHaveLength(1));
  });

  it('deletes only after the confirmation, and erases a person by e-mail', async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    await user.click(await within(drawer).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this submission?' });
    expect(sent('DELETE', '/api/admin/contacts/id-1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE', '/api/admin/contacts/id-1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Erase a person' }));
    const erase = await screen.findByRole('dialog', { name: 'Erase a person' });
    await user.type(within(erase).getByRole('textbox', { name: /Email Address/ }), ' Ada@Example.com ');
    await user.click(within(erase).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(sent('POST', '/api/admin/erasures')[0]?.body).toEqual({ email: 'Ada@Example.com' }));
  });
});
