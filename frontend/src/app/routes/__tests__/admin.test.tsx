import type { ContactSubmission } from '@/features/inbox/api/contact-types';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The first test sees the sign-in form's chunk load, as a first visit does: this file takes
// modules of its own, not those of an earlier file on this page (vite.config.ts, isolate:
// false), whose lazy sign-in form had already loaded and showed no loading text.
vi.resetModules();
const { renderApp } = await import('@/testing/test-utils');
const { AdminRoute } = await import('../admin');

// The lazily loaded parts, compiled before the tests (a browser has fetched them by the time
// they are shown): what the tests wait for is the page, not the test runner's compiler.
beforeAll(async () => {
  await Promise.all([
    import('../admin-dashboard'),
    import('@/features/auth/components/sign-in-form'),
    import('@/features/inbox/components/submission-drawer'),
    import('@/features/analytics/components/trend-chart'),
  ]);
});

type Handler = (url: string, init?: RequestInit) => Response;

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });

// Typed by the API's document, so that a field the API adds shows here first.
const submission = (n: number): ContactSubmission => ({
  id: `id-${n}`,
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  linkedin: n === 1 ? 'https://www.linkedin.com/in/person1' : 'javascript:alert(1)',
  company: n === 1 ? 'Acme' : null,
  interest: 'partnership',
  comments: n === 1 ? 'Hello there' : null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  status: 'new',
  repeatOf: null,
  assigneeId: null,
  version: 1,
  spamScore: 0,
  spamReasons: [],
  heldAsSpam: false,
  lastMessageAt: null,
  awaitingReply: false,
  nextMeetingAt: null,
  firstRespondedAt: null,
  responseMinutes: null,
  responseDueAt: null,
  followUpAt: null,
  releasedAt: null,
});

const detail = (n: number) => ({
  ...submission(n),
  notes: [],
  assignee: null,
  statusChangedAt: null,
  statusChangedBy: null,
  delivery: { state: 'off', attempts: 0, lastError: null, deliveredAt: null },
  history: [],
  otherSubmissions: [],
  meetings: [],
});

let signedIn = false;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function serve(routes: Record<string, Handler>) {
  fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0] ?? url;
    const handler = routes[`${init?.method ?? 'GET'} ${path}`];
    return Promise.resolve(handler ? handler(url, init) : new Response('not found', { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
}

const requestedUrls = () => fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));

// What the API's Set-Cookie does in a browser: the readable hint that a session was started.
const setSignedInHint = () => {
  document.cookie = 'signed_in=1; Path=/';
};
const clearSignedInHint = () => {
  document.cookie = 'signed_in=; Max-Age=0; Path=/';
};

const analytics = { total: 2, thisMonth: 1, companiesSubmitted: 1, interestBreakdown: { partnership: 2 } };

beforeEach(() => {
  signedIn = false;
  serve({
    'GET /api/auth/me': () => (signedIn ? json({ id: 'u1', username: 'admin' }) : json({ statusCode: 401 }, { status: 401 })),
    'POST /api/auth/login': (_url, init) => {
      const body = JSON.parse(init?.body as string) as { password: string };
      if (body.password !== 'right') {
        return json({ statusCode: 401, message: 'Invalid username or password' }, { status: 401 });
      }
      signedIn = true;
      setSignedInHint();
      return json({ id: 'u1', username: 'admin' });
    },
    'POST /api/auth/logout': () => {
      signedIn = false;
      clearSignedInHint();
      return new Response(null, { status: 204 });
    },
    'GET /api/admin/analytics': () => json(analytics),
    'GET /api/admin/analytics/trend': () => json([]),
    'GET /api/admin/contacts/id-1': () => json(detail(1)),
    'GET /api/admin/contacts': (url) =>
      url.includes('cursor=')
        ? json([submission(2)], { headers: { 'X-Total-Count': '2' } })
        : json([submission(1)], {
            headers: { Link: '</api/admin/contacts?limit=50&cursor=c1>; rel="next"', 'X-Total-Count': '2' },
          }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSignedInHint();
});

describe(AdminRoute.name, () => {
  it('shows the sign-in form without a session, and an error on a wrong password', async () => {
    const { user } = renderApp(<AdminRoute />, { route: '/admin' });
    expect(screen.getByText('Loading admin dashboard...')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.queryByText('Recent Submissions')).not.toBeInTheDocument();
    expect(requestedUrls().some((url) => url.includes('/api/admin/'))).toBe(false);
    // Never signed in here: the session is not even asked about (no 401 in the console).
    expect(requestedUrls()).not.toContain('/api/auth/me');
  });

  it('shows the sign-in form when the session has ended, and forgets the hint', async () => {
    setSignedInHint();
    renderApp(<AdminRoute />, { route: '/admin' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(requestedUrls()).toContain('/api/auth/me');
    expect(document.cookie).not.toContain('signed_in=');
  });

  it('signs in, shows the stats and submissions, loads more, signs out', async () => {
    const { user } = renderApp(<AdminRoute />, { route: '/admin' });
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The dashboard's chunk replaces the form (React shows a Suspense fallback at least 300 ms).
    expect(await screen.findByRole('heading', { name: 'Recent Submissions' }, { timeout: 5000 })).toBeInTheDocument();
    const stats = screen.getByRole('list', { name: 'Statistics' });
    expect(within(stats).getByText('Total Submissions').nextSibling).toHaveTextContent('2');
    expect(within(stats).getByText('Top Interest').nextSibling).toHaveTextContent('Partnership');
    expect(requestedUrls().some((url) => url.startsWith('/api/admin/analytics?tz='))).toBe(true);

    const first = await screen.findByRole('article', { name: 'Person 1' });
    expect(within(first).getByText('Acme')).toBeInTheDocument();
    expect(within(first).getByText('Partnership Opportunities')).toBeInTheDocument();
    expect(screen.getByText('1–1 of 2')).toBeInTheDocument();

    // The drawer shows the lead again, with its history.
    await user.click(within(first).getByRole('button', { name: 'Person 1' }));
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' });
    const card = await within(drawer).findByRole('article', { name: 'Person 1' });
    expect(within(card).getByText('Partnership Opportunities')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'LinkedIn Profile' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByText('Additional Comments:')).toBeInTheDocument();
    expect(within(card).getByText(new Date('2026-11-20T10:00:00.000Z').toLocaleString())).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Person 2' })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/contacts?limit=50&cursor=c1', expect.anything());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Person 1')).not.toBeInTheDocument());
  });

  it('says that the session has ended, and signs in again to the same page', async () => {
    signedIn = true;
    setSignedInHint();
    const { user, location } = renderApp(<AdminRoute />, { route: '/admin?lead=id-1' });
    const drawer = await screen.findByRole('dialog', { name: 'Submission details' }, { timeout: 5000 });
    expect(await within(drawer).findByRole('article', { name: 'Person 1' })).toBeInTheDocument();

    // The session ends (expired, signed out elsewhere): the next admin call answers 401.
    signedIn = false;
    clearSignedInHint();
    const unauthorised = () => json({ statusCode: 401, message: 'Unauthorized' }, { status: 401 });
    serve({
      'GET /api/auth/me': unauthorised,
      'GET /api/admin/contacts': unauthorised,
    });
    await user.click(within(drawer).getByRole('button', { name: 'Close details' }));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Your session has ended. Sign in again.')).toBeInTheDocument();
    const ended = location.history?.at(-1);

    serve({
      'GET /api/auth/me': () => json({ id: 'u1', username: 'admin' }),
      'GET /api/admin/analytics': () => json(analytics),
      'GET /api/admin/analytics/trend': () => json([]),
      'GET /api/admin/contacts/id-1': () => json(detail(1)),
      'GET /api/admin/contacts': () => json([submission(1)], { headers: { 'X-Total-Count': '1' } }),
      'POST /api/auth/login': () => {
        setSignedInHint();
        return json({ id: 'u1', username: 'admin' });
      },
    });
    await user.type(screen.getByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Recent Submissions' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended. Sign in again.')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe(ended);
  });

  it('shows the empty state with a link to the form', async () => {
    signedIn = true;
    setSignedInHint();
    serve({
      'GET /api/auth/me': () => json({ id: 'u1', username: 'admin' }),
      'GET /api/admin/analytics': () => json({ total: 0, thisMonth: 0, companiesSubmitted: 0, interestBreakdown: {} }),
      'GET /api/admin/analytics/trend': () => json([]),
      'GET /api/admin/contacts': () => json([], { headers: { 'X-Total-Count': '0' } }),
    });
    renderApp(<AdminRoute />, { route: '/admin' });
    expect(await screen.findByText('No submissions found yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the contact form' })).toHaveAttribute('href', '/');
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });
});
