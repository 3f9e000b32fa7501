import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { LoadingScreen } from '@/components/loading-screen';
import type { SessionUser } from '@/config/roles';
import { useMe } from '@/features/auth/api/get-me';
import { queryClient } from '@/lib/query-client';
import { SessionUserProvider } from '@/lib/session-user';
import { usePageTitle } from '@/lib/use-page-title';
import { AdminHeader } from './admin-header';

export type AdminFrameProps = {
  title: string;
  /** The page's content for the signed-in user, or for nobody signed in (null). */
  children: (user: SessionUser | null) => ReactNode;
};

function AdminFrameBody({ title, children }: AdminFrameProps) {
  usePageTitle(title);
  const me = useMe();
  if (me.isPending) return <LoadingScreen fullPage label="Loading..." />;
  const user = me.data ?? null;
  return (
    <SessionUserProvider user={user}>
      <AdminHeader user={user} />
      <Box component="main" sx={{ py: { xs: 3, md: 5 } }}>
        <Container maxWidth="md">
          {me.isError ? (
            <Typography role="alert" color="error">
              Could not check your session: {me.error.message}
            </Typography>
          ) : (
            children(user)
          )}
        </Container>
      </Box>
    </SessionUserProvider>
  );
}

/** A page of the team's (account, team, invitation, reset) with the dashboard's header, theme and QueryClient. */
export function AdminFrame(props: AdminFrameProps) {
  return (
    <AppProvider>
      <QueryClientProvider client={queryClient}>
        <AdminFrameBody {...props} />
      </QueryClientProvider>
    </AppProvider>
  );
}
