import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { ADMIN_LOADING_TEXT, pageMeta } from '@/config/pages';
import type { SessionUser } from '@/config/roles';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { useTimeZoneAside } from '@/lib/time-zone';
import type { AdminDashboard } from './admin-dashboard';
import { AdminFrameBody, AdminProviders } from './admin-frame';

// This chunk decides between the two, each a chunk of its own: a signed-out visitor loads
// the sign-in form (Formik, Yup and the MUI inputs), a signed-in one the dashboard.
let dashboardChunk: Promise<typeof AdminDashboard> | undefined;
/** The dashboard once its module has arrived. */
let loadedDashboard: typeof AdminDashboard | undefined;
const loadDashboard = () =>
  (dashboardChunk ??= import('./admin-dashboard').then((module) => (loadedDashboard = module.AdminDashboard)));
const LazyDashboard = lazy(() => loadDashboard().then((component) => ({ default: component })));

/**
 * The dashboard, drawn at once when its module is in (it was asked for while the session was
 * checked). React.lazy suspends on its first render even then, and React holds a boundary's
 * content back until 300 ms after its fallback showed: the dashboard's queries left that
 * much later on every load.
 */
function Dashboard() {
  // Decided once: switching from the lazy one to this later would mount the dashboard again.
  const [Loaded] = useState(() => loadedDashboard);
  return Loaded ? (
    <Loaded />
  ) : (
    <Suspense fallback={dashboardLoading}>
      <LazyDashboard />
    </Suspense>
  );
}

/**
 * While the session is asked for (the browser has the signed-in hint), the dashboard's chunk is
 * asked for too, in a task of its own: it is there when the answer comes, and the render that
 * the answer starts no longer requests it (Vite's preload of its files, link elements added to
 * the page, was a quarter of that task).
 */
function DashboardChunkRequest() {
  useEffect(() => {
    const timer = setTimeout(() => void loadDashboard(), 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

function DashboardHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(ref);
  return (
    // A plain heading (styles/controls.css): it paints with the prerendered page's first paint.
    <h1 ref={ref} tabIndex={-1} className="admin-heading">
      Admin Dashboard
    </h1>
  );
}

const dashboardLoading = <LoadingScreen label={ADMIN_LOADING_TEXT} />;

// While a browser with the signed-in hint asks for its session (admin-session.html, prerendered):
// the dashboard's frame and heading, so that they paint with the page's first paint rather
// than once the session and the dashboard's chunk are in. The heading stays in place after.
const sessionPending = (
  <>
    <DashboardHeading />
    <DashboardChunkRequest />
    {dashboardLoading}
  </>
);

function dashboardOrSignIn(user: SessionUser | null) {
  return user ? (
    <>
      <DashboardHeading />
      <Dashboard />
    </>
  ) : (
    <Suspense fallback={dashboardLoading}>
      <SignInForm />
    </Suspense>
  );
}

export function AdminRoute() {
  useTimeZoneAside();
  return (
    <AdminFrameBody title={pageMeta.admin.title} maxWidth="lg" pending={sessionPending}>
      {dashboardOrSignIn}
    </AdminFrameBody>
  );
}

/** The dashboard page: the dashboard for a signed-in user, the sign-in form for anyone else. */
export function AdminPage() {
  return (
    <AdminProviders>
      <AdminRoute />
    </AdminProviders>
  );
}
