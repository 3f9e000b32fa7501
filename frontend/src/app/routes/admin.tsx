import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { LoadingScreen } from '@/components/loading-screen';
import { ADMIN_LOADING_TEXT, pageMeta } from '@/config/pages';
import { useMe } from '@/features/auth/api/get-me';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { queryClient } from '@/lib/query-client';
import { SessionUserProvider } from '@/lib/session-user';
import { usePageTitle } from '@/lib/use-page-title';
import { AdminHeader } from './admin-header';

// This chunk decides between the two, each a chunk of its own: a signed-out visitor loads
// the sign-in form (Formik, Yup and the MUI inputs), a signed-in one the dashboard.
const SignedInDashboard = lazy(() => import('./admin-signed-in').then((m) => ({ default: m.SignedInDashboard })));

export function AdminRoute() {
  usePageTitle(pageMeta.admin.title);
  const me = useMe();

  if (me.isPending) return <LoadingScreen fullPage label={ADMIN_LOADING_TEXT} />;

  const user = me.data ?? null;
  const signedIn = user !== null;

  return (
    <SessionUserProvider user={user}>
      <AdminHeader user={user} />
      <Box component="main" sx={{ py: { xs: 3, md: 5 } }}>
        <Container maxWidth="lg">
          {me.isError ? (
            <Typography role="alert" color="error">
              Could not check your session: {me.error.message}
            </Typography>
          ) : signedIn ? (
            <Suspense fallback={<LoadingScreen label={ADMIN_LOADING_TEXT} />}>
              <SignedInDashboard />
            </Suspense>
          ) : (
            <Suspense fallback={<LoadingScreen label={ADMIN_LOADING_TEXT} />}>
              <SignInForm />
            </Suspense>
          )}
        </Container>
      </Box>
    </SessionUserProvider>
  );
}

/** The dashboard page with MUI's theme and the app's one QueryClient (loaded with this chunk, never by the landing page). */
export function AdminPage() {
  return (
    <AppProvider>
      <QueryClientProvider client={queryClient}>
        <AdminRoute />
      </QueryClientProvider>
    </AppProvider>
  );
}
