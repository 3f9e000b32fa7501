import { lazy, Suspense, useRef } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { ADMIN_LOADING_TEXT, pageMeta } from '@/config/pages';
import type { SessionUser } from '@/config/roles';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { useTimeZoneAside } from '@/lib/time-zone';
import { AdminFrameBody, AdminProviders } from './admin-frame';

// This chunk decides between the two, each a chunk of its own: a signed-out visitor loads
// the sign-in form (Formik, Yup and the MUI inputs), a signed-in one the dashboard.
const AdminDashboard = lazy(() => import('./admin-dashboard').then((m) => ({ default: m.AdminDashboard })));

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
    {dashboardLoading}
  </>
);

function dashboardOrSignIn(user: SessionUser | null) {
  return user ? (
    <>
      <DashboardHeading />
      <Suspense fallback={dashboardLoading}>
        <AdminDashboard />
      </Suspense>
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
