import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NAME } from '@/config/brand';
import type { SessionUser } from '@/config/roles';
import { queryClient } from '@/lib/query-client';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { SettingsPage } from '../settings';

beforeAll(async () => {
  await import('@/features/auth/components/sign-in-form');
});

/** The API: `me` for the session; every other request fails, so each open section says it could not load. */
function signIn(me: SessionUser) {
  document.cookie = 'signed_in=1; Path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return Promise.resolve(
        url.endsWith('/api/auth/me')
          ? Response.json(me)
          : Response.json({ statusCode: 503, message: 'Unavailable' }, { status: 503 }),
      );
    }),
  );
}

const toggle = (name: string) => within(screen.getByRole('heading', { level: 2, name })).getByRole('button');
const expanded = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .filter((heading) => within(heading).getByRole('button').getAttribute('aria-expanded') === 'true')
    .map((heading) => heading.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'signed_in=; Max-Age=0; Path=/';
  window.location.hash = '';
  queryClient.clear();
});

describe(SettingsPage.name, () => {
  it('shows an admin every section open, each one click away in the list at the top', async () => {
    signIn(TEST_ADMIN);
    renderApp(<SettingsPage />, { route: '/admin/settings' });
    const list = await screen.findByRole('navigation', { name: 'Settings sections' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['E-mail', '#email'],
      ['Response time', '#response-time'],
      ['Booking link', '#booking'],
      ['Reply templates', '#templates'],
      ['Webhooks', '#webhooks'],
      ['Routing', '#routing'],
    ]);
    expect(expanded()).toEqual(['E-mail', 'Response time', 'Booking link', 'Reply templates', 'Webhooks', 'Routing']);
    expect(document.getElementById('webhooks')).toHaveAccessibleName('Webhooks');
  });

  it('opens at the section a path names, the others folded; a link shows its section alone, a heading unfolds one more', async () => {
    signIn(TEST_ADMIN);
    const { user } = renderApp(<SettingsPage section="webhooks" />, { route: '/admin/settings/webhooks' });
    await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(expanded()).toEqual(['Webhooks']);
    // Jumped to alone: the sections above it, open, would push it off the screen as their data came in.
    await user.click(screen.getByRole('link', { name: 'Response time' }));
    expect(expanded()).toEqual(['Response time']);
    await user.click(toggle('Webhooks'));
    expect(expanded()).toEqual(['Response time', 'Webhooks']);
    await user.click(toggle('Webhooks'));
    expect(expanded()).toEqual(['Response time']);
  });

  it('shows the section of a link alone on a wide screen, where every section starts open', async () => {
    signIn(TEST_ADMIN);
    const { user } = renderApp(<SettingsPage />, { route: '/admin/settings' });
    await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(expanded()).toContain('Routing');
    expect(expanded().length).toBeGreaterThan(1);
    await user.click(screen.getByRole('link', { name: 'Routing' }));
    expect(expanded()).toEqual(['Routing']);
  });

  it("names in the page's title the section its path, its anchor or a link of the list opens at", async () => {
    signIn(TEST_ADMIN);
    window.location.hash = '#templates';
    const { user, unmount } = renderApp(<SettingsPage />, { route: '/admin/settings' });
    await screen.findByRole('navigation', { name: 'Settings sections' });
    await waitFor(() => expect(document.title).toBe(`Reply templates · Settings · ${PRODUCT_NAME}`));
    await user.click(screen.getByRole('link', { name: 'Webhooks' }));
    await waitFor(() => expect(document.title).toBe(`Webhooks · Settings · ${PRODUCT_NAME}`));
    unmount();

    window.location.hash = '';
    renderApp(<SettingsPage section="routing" />, { route: '/admin/settings/routing' });
    await screen.findByRole('navigation', { name: 'Settings sections' });
    await waitFor(() => expect(document.title).toBe(`Routing · Settings · ${PRODUCT_NAME}`));
  });

  it('starts with every section folded on a phone', async () => {
    signIn(TEST_ADMIN);
    vi.spyOn(window, 'matchMedia').mockReturnValueOnce({ matches: true } as MediaQueryList);
    renderApp(<SettingsPage />, { route: '/admin/settings' });
    await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(expanded()).toEqual([]);
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();
  });

  it("shows a member Routing only, and says who manages a section of an admin's", async () => {
    signIn({ ...TEST_ADMIN, role: 'member' });
    renderApp(<SettingsPage section="email" />, { route: '/admin/settings/email' });
    expect(await screen.findByText("Only an admin manages e-mail. Ask one of your team's admins.")).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Routing']);
    expect(screen.queryByRole('navigation', { name: 'Settings sections' })).not.toBeInTheDocument();
  });

  it('tells a viewer that the settings are for members and admins', async () => {
    signIn({ ...TEST_ADMIN, role: 'viewer' });
    renderApp(<SettingsPage />, { route: '/admin/settings' });
    expect(
      await screen.findByText("Only members and admins see the settings. Ask one of your team's admins."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('shows the sign-in form to nobody signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ statusCode: 401 }, { status: 401 }))),
    );
    renderApp(<SettingsPage />, { route: '/admin/settings' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
