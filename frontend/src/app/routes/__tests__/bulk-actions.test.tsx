import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/config/roles';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { AdminDashboard } from '../admin-dashboard';

// The chunks the Spam view and the ticked leads load, compiled before the tests.
beforeAll(async () => {
  await Promise.all([
    import('@/features/inbox/components/submission-drawer'),
    import('@/features/inbox/components/spam-list'),
    import('@/features/inbox/components/bulk-action-bar'),
    import('@/features/analytics/components/trend-chart'),
  ]);
});

type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

const lead = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  email: `${id}@example.com`,
  linkedin: null,
  company: null,
  interest: 'community',
  comments: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  status: 'new',
  repeatOf: null,
  assigneeId: null,
  version: 1,
  spamScore: 0,
  spamReasons: [],
  heldAsSpam: false,
  ...extra,
});

const INBOX = [lead('id-1', 'Ada Lovelace'), lead('id-2', 'Grace Hopper'), lead('id-3', 'Alan Turing')];
const HELD = [
  lead('id-9', 'Cheap Pills', {
    status: 'spam',
    heldAsSpam: true,
    spamScore: 85,
    spamReasons: ['disposable-email', 'spam-words'],
  }),
];
const PEOPLE = [
  { id: TEST_ADMIN.id, username: 'admin', displayName: 'Ada Admin' },
  { id: 'user-ann', username: 'ann', displayName: 'Ann Member' },
];

let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as { ids?: string[] }) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0];
      if (path === '/api/admin/analytics')
        return Promise.resolve(json({ total: 3, thisMonth: 3, companiesSubmitted: 0, interestBreakdown: { community: 3 } }));
      if (path === '/api/admin/analytics/trend') return Promise.resolve(json([]));
      if (path === '/api/admin/assignees') return Promise.resolve(json(PEOPLE));
      if (path === '/api/admin/contacts/bulk') return Promise.resolve(json({ updated: body?.ids?.length ?? 0 }));
      if (path === '/api/admin/contacts/bulk-delete') return Promise.resolve(json({ erased: body?.ids?.length ?? 0 }));
      if (path === '/api/admin/contacts' && url.includes('status=spam') && url.includes('limit=1'))
        return Promise.resolve(json([], { 'X-Total-Count': '1' }));
      if (path === '/api/admin/contacts' && url.includes('limit=1')) return Promise.resolve(json([], { 'X-Total-Count': '0' }));
      if (path === '/api/admin/contacts' && url.includes('status=spam'))
        return Promise.resolve(json(HELD, { 'X-Total-Count': '1' }));
      if (path === '/api/admin/contacts') return Promise.resolve(json(INBOX, { 'X-Total-Count': '3' }));
      if (path === '/api/admin/contacts/id-9' && method === 'GET')
        return Promise.resolve(
          json({
            ...HELD[0],
            assignee: null,
            notes: [],
            statusChangedAt: null,
            statusChangedBy: null,
            delivery: { state: 'off', attempts: 0, lastError: null, deliveredAt: null },
            history: [],
            otherSubmissions: [],
            meetings: [],
          }),
        );
      if (path === '/api/admin/contacts/id-9' && method === 'PATCH')
        return Promise.resolve(json({ ...HELD[0], status: 'new', version: 2 }));
      return Promise.resolve(new Response('not found', { status: 404 }));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const sent = (method: string, url: string) => calls.filter((call) => call.method === method && call.url.startsWith(url));
const as = (role: SessionUser['role']): SessionUser => ({ ...TEST_ADMIN, role });

describe('bulk actions', () => {
  it('ticks leads by keyboard, assigns them all at once, then says how many and unticks them', async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin', user: as('member') });
    const ada = await screen.findByRole('checkbox', { name: 'Select Ada Lovelace' });
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();

    ada.focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
    const bar = await screen.findByRole('region', { name: '2 selected' });
    // A member changes leads but deletes none.
    expect(within(bar).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Not spam' })).not.toBeInTheDocument();

    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Set assignee' }), 'Ann Member');
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(sent('POST', '/api/admin/contacts/bulk')).toHaveLength(1));
    expect(sent('POST', '/api/admin/contacts/bulk')[0]?.body).toEqual({ ids: ['id-1', 'id-3'], assigneeId: 'user-ann' });
    expect(await screen.findByText('2 leads updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).not.toBeChecked();
  });

  it("the page's box ticks every lead shown; Escape unticks them", async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin' });
    // The page's box once the rows are built (until then it has nothing to tick).
    await screen.findByRole('checkbox', { name: 'Select Alan Turing' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(await screen.findByRole('region', { name: '3 selected' })).toBeInTheDocument();
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'])
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    expect(screen.getByRole('checkbox', { name: 'Select all shown' })).toHaveProperty('indeterminate', true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).not.toBeChecked();
  });

  it('deletes the ticked leads only once the admin confirms', async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin' });
    // The page's box once the rows are built (until then it has nothing to tick).
    await screen.findByRole('checkbox', { name: 'Select Alan Turing' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    const bar = await screen.findByRole('region', { name: '3 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 submissions?' });
    expect(sent('POST', '/api/admin/contacts/bulk-delete')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent('POST', '/api/admin/contacts/bulk-delete')[0]?.body).toEqual({ ids: ['id-1', 'id-2', 'id-3'] }),
    );
    expect(await screen.findByText('3 submissions deleted')).toBeInTheDocument();
  });

  it('a viewer gets no boxes and no bar', async () => {
    renderApp(<AdminDashboard />, { route: '/admin', user: as('viewer') });
    expect(await screen.findByText('1–3 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});

describe('the Spam view', () => {
  it('opens from its count, says why each lead was held, and releases one', async () => {
    const { user, location } = renderApp(<AdminDashboard />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Spam (1)' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin?view=spam'));

    const held = await screen.findByRole('article', { name: 'Cheap Pills' });
    expect(held).toHaveTextContent('Spam score 85 of 100');
    const reasons = within(within(held).getByRole('list', { name: 'Why it was held' })).getAllByRole('listitem');
    expect(reasons.map((item) => item.textContent)).toEqual([
      'Throwaway e-mail address',
      'Words of SEO, crypto, casino or pharmacy offers',
    ]);

    await user.click(within(held).getByRole('button', { name: 'Not spam' }));
    await waitFor(() => expect(sent('PATCH', '/api/admin/contacts/id-9')[0]?.body).toEqual({ status: 'new' }));
    expect(await screen.findByText('Cheap Pills moved to the inbox')).toBeInTheDocument();
  });

  it("shows the score and the reasons in a held lead's drawer", async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin?view=spam' });
    await user.click(await screen.findByRole('button', { name: 'Cheap Pills' }));
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    const section = await within(drawer).findByRole('region', { name: 'Held as spam' });
    expect(section).toHaveTextContent('Spam score 85 of 100');
    expect(section).toHaveTextContent('Throwaway e-mail address');
  });

  it('releases the ticked held leads from the bar', async () => {
    const { user } = renderApp(<AdminDashboard />, { route: '/admin?view=spam', user: as('member') });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Cheap Pills' }));
    const bar = await screen.findByRole('region', { name: '1 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Not spam' }));
    await waitFor(() => expect(sent('POST', '/api/admin/contacts/bulk')[0]?.body).toEqual({ ids: ['id-9'], status: 'new' }));
    expect(await screen.findByText('1 lead moved to the inbox')).toBeInTheDocument();
  });
});
