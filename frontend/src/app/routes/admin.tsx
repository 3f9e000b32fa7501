import { lazy, Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { ADMIN_LOADING_TEXT, pageMeta } from '@/config/pages';
import type { SessionUser } from '@/config/roles';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { AdminFrameBody, AdminProviders } from './admin-frame';

// This chunk decides between the two, each a chunk of its own: a signed-out visitor loads
// the sign-in form (Formik, Yup and the MUI inputs), a signed-in one the dashboard.
const SignedInDashboard = lazy(() => import('./admin-signed-in').then((m) => ({ default: m.SignedInDashboard })));

function dashboardOrSignIn(user: SessionUser | null) {
  return (
    <Suspense fallback={<LoadingScreen label={ADMIN_LOADING_TEXT} />}>{user ? <SignedInDashboard /> : <SignInForm />}</Suspense>
  );
}

export function AdminRoute() {
  return (
    <AdminFrameBody title={pageMeta.admin.title} maxWidth="lg" loadingLabel={ADMIN_LOADING_TEXT}>
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
