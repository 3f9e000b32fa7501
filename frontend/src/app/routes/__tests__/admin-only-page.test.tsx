import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/config/roles';
import { queryClient } from '@/lib/query-client';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { AdminOnlyPage } from '../admin-only-page';

// The sign-in form's chunk, compiled before the tests (a browser has fetched it by the time it shows).
beforeAll(async () => {
  await import('@/features/auth/components/sign-in-form');
});

/** The API's answer to /api/auth/me: `me`, with the readable hint a session was started. */
function signIn(me: SessionUser) {
  document.cookie = 'signed_in=1; Path=/';
  const json = new Response(JSON.stringify(me), { status: 200, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(json.clone())),
  );
}

const page = (
  <AdminOnlyPage title="Team" manages="the team">
    {(admin) => <p>{`The team of ${admin.displayName}`}</p>}
  </AdminOnlyPage>
);

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'signed_in=; Max-Age=0; Path=/';
  queryClient.clear();
});

describe(AdminOnlyPage.name, () => {
  it('shows an admin the page', async () => {
    signIn(TEST_ADMIN);
    renderApp(page, { route: '/admin/team' });
    expect(await screen.findByText('The team of Ada Admin')).toBeInTheDocument();
  });

  it('tells a member that only an admin manages it', async () => {
    signIn({ ...TEST_ADMIN, role: 'member' });
    renderApp(page, { route: '/admin/team' });
    expect(await screen.findByText("Only an admin manages the team. Ask one of your team's admins.")).toBeInTheDocument();
    expect(screen.queryByText(/The team of/)).not.toBeInTheDocument();
  });

  it('shows the sign-in form to nobody signed in', async () => {
    renderApp(page, { route: '/admin/team' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(/The team of|Only an admin/)).not.toBeInTheDocument();
  });
});
