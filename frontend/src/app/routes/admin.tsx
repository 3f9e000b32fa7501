import { useRef } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { LoadingScreen } from '@/components/loading-screen';
import { pageMeta } from '@/config/pages';
import { AdminDashboard, DASHBOARD_LOADING_TEXT } from '@/features/admin/admin-dashboard';
import { useMe } from '@/features/auth/api/get-me';
import { queryClient } from '@/lib/query-client';
import { SessionUserProvider } from '@/lib/session-user';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { usePageTitle } from '@/lib/use-page-title';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { AdminHeader } from './admin-header';

function DashboardHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(ref);
  return (
    <Typography ref={ref} tabIndex={-1} variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, outline: 'none' }}>
      Admin Dashboard
    </Typography>
  );
}

export function AdminRoute() {
  usePageTitle(pageMeta.admin.title);
  const me = useMe();

  if (me.isPending) return <LoadingScreen fullPage label={DASHBOARD_LOADING_TEXT} />;

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
            <>
              <DashboardHeading />
              <AdminDashboard />
            </>
          ) : (
            <SignInForm />
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
