import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { RouterLink } from '@/components/router-link';
import { SiteHeader } from '@/components/site-header';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/config/roles';
import { can } from '@/config/roles';
import { SignOutButton } from '@/features/auth/components/sign-out-button';

export type AdminHeaderProps = { user: SessionUser | null };

/** The dashboard pages' header: "Back to Form", and signed in, the dashboard, Account, Team and Webhooks (admins) and "Sign out". */
export function AdminHeader({ user }: AdminHeaderProps) {
  return (
    <SiteHeader
      actions={
        <Box component="nav" aria-label="Dashboard" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} href={paths.home} variant="contained">
            Back to Form
          </Button>
          {user ? (
            <>
              <Button component={RouterLink} href={paths.admin} color="inherit">
                Dashboard
              </Button>
              <Button component={RouterLink} href={paths.account} color="inherit">
                Account
              </Button>
              {can(user.role, 'team') ? (
                <>
                  <Button component={RouterLink} href={paths.team} color="inherit">
                    Team
                  </Button>
                  <Button component={RouterLink} href={paths.webhooks} color="inherit">
                    Webhooks
                  </Button>
                </>
              ) : null}
              <SignOutButton />
            </>
          ) : null}
        </Box>
      }
    />
  );
}
