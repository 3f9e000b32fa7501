import { useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { LoadingScreen } from '@/components/loading-screen';
import type { SessionUser } from '@/config/roles';
import { useMe } from '@/features/auth/api/get-me';
import { useLiveEvents, useNewLeadIds } from '@/lib/live-events';
import { queryClient } from '@/lib/query-client';
import { SessionUserProvider } from '@/lib/session-user';
import { usePageTitle } from '@/lib/use-page-title';
import { AdminHeader } from './admin-header';
import '@/styles/controls.css';

export type AdminFrameProps = {
  title: string;
  /** The content's width: `md` for a form or a list, `lg` for the dashboard (its heading beside its cards: controls.css). */
  maxWidth?: 'md' | 'lg';
  /** What the page says while the session is checked. */
  loadingLabel?: string;
  /**
   * What the page's content shows, under the header, while the session is asked for; without
   * it the whole page is a loading screen meanwhile.
   */
  pending?: ReactNode;
  /** The page's content for the signed-in user, or for nobody signed in (null). */
  children: (user: SessionUser | null) => ReactNode;
};

/**
 * The header, the session's user and the page's content; needs AdminProviders around it. Every
 * admin page keeps the live event stream open while signed in, and its title counts the new
 * leads ("(2) Account"), wherever the user is.
 */
export function AdminFrameBody({ title, maxWidth = 'md', loadingLabel = 'Loading...', pending, children }: AdminFrameProps) {
  const me = useMe();
  useLiveEvents(useQueryClient(), Boolean(me.data));
  const newLeads = useNewLeadIds().size;
  usePageTitle(newLeads ? `(${newLeads}) ${title}` : title);
  // The session's answer changes the whole page (the header's menus, the page's content and
  // its chunk): rendered in React's deferred render, in slices, rather than in the task that
  // brought the answer, where it was one task of 20-40 ms (four times that on a phone). Only
  // the way in waits: a session that ended shows at once, so that no signed-in part of the
  // page is left to ask the API again (a 401 each).
  const deferredStatus = useDeferredValue(me.status);
  const deferredUser = useDeferredValue(me.data);
  const status = me.data ? deferredStatus : me.status;
  const user = me.data ? (deferredUser ?? null) : null;
  if (status === 'pending' && !pending) return <LoadingScreen fullPage label={loadingLabel} />;
  return (
    <SessionUserProvider user={user}>
      <AdminHeader user={user} sessionPending={status === 'pending'} />
      {/* Plain elements (styles/controls.css): MUI's Box and Container are styled at run time. */}
      <main className={maxWidth === 'md' ? 'admin-main' : 'admin-main admin-main--lg'}>
        <div className={maxWidth === 'md' ? 'site-container admin-main__content--md' : 'site-container admin-main__content--lg'}>
          {status === 'pending' ? (
            pending
          ) : status === 'error' ? (
            <p role="alert" className="admin-error">
              Could not check your session: {me.error?.message}
            </p>
          ) : (
            children(user)
          )}
        </div>
      </main>
    </SessionUserProvider>
  );
}

/**
 * The app's one QueryClient (loaded with the admin pages' chunks, never by the landing page).
 * MUI's theme is not here: the dashboard's first screen loads no MUI, and each part built with
 * MUI brings the theme with its chunk (components/lazy-with-theme.tsx).
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A page under /admin with the dashboard's header and QueryClient (its route brings the theme: app/router.tsx). */
export function AdminFrame(props: AdminFrameProps) {
  return (
    <AdminProviders>
      <AdminFrameBody {...props} />
    </AdminProviders>
  );
}
