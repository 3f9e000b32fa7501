import { type ReactNode, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { RouterLink } from '@/components/router-link';
import { LoadingScreen } from '@/components/loading-screen';
import { SiteHeader } from '@/components/site-header';
import { pageMeta } from '@/config/pages';
import { paths } from '@/config/paths';
import { AdminDashboard, DASHBOARD_LOADING_TEXT } from '@/features/admin/admin-dashboard';
import { useMe } from '@/features/auth/api/get-me';
import { queryClient } from '@/lib/query-client';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { usePageTitle } from '@/lib/use-page-title';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignOutButton } from '@/features/auth/components/sign-out-button';

function DashboardHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(ref);
  return (
    <Typography ref={ref} tabIndex={-1} variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, outline: 'none' }}>
      {children}
    </Typography>
  );
}

type AdminFrameProps = { title: string; heading: string; children: ReactNode };

/** A page of the dashboard: the header, then the sign-in form or, signed in, the page. */
export function AdminFrame({ title, heading, children }: AdminFrameProps) {
  usePageTitle(title);
  const me = useMe();

  if (me.isPending) return <LoadingScreen fullPage label={DASHBOARD_LOADING_TEXT} />;

  const signedIn = Boolean(me.data);

  return (
    <>
      <SiteHeader
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} href={paths.home} variant="contained">
              Back to Form
            </Button>
            {signedIn ? (
              <Button
                component={RouterLink}
                href={title === pageMeta.admin.title ? paths.webhooks : paths.admin}
                variant="outlined"
              >
                {title === pageMeta.admin.title ? 'Webhooks' : 'Inbox'}
              </Button>
            ) : null}
            {signedIn ? <SignOutButton /> : null}
          </Box>
        }
      />
      <Box component="main" sx={{ py: { xs: 3, md: 5 } }}>
        <Container maxWidth="lg">
          {me.isError ? (
            <Typography role="alert" color="error">
              Could not check your session: {me.error.message}
            </Typography>
          ) : signedIn ? (
            <>
              <DashboardHeading>{heading}</DashboardHeading>
              {children}
            </>
          ) : (
            <SignInForm />
          )}
        </Container>
      </Box>
    </>
  );
}

/** The dashboard: the inbox and the analytics. */
export function AdminRoute() {
  return (
    <AdminFrame title={pageMeta.admin.title} heading="Admin Dashboard">
      <AdminDashboard />
    </AdminFrame>
  );
}

/** A dashboard page with MUI's theme and the app's one QueryClient (loaded with its chunk, never by the landing page). */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <AppProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppProvider>
  );
}

export function AdminPage() {
  return (
    <AdminShell>
      <AdminRoute />
    </AdminShell>
  );
}
