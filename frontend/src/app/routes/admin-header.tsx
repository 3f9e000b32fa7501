import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { RouterLink } from '@/components/router-link';
import { SiteHeader } from '@/components/site-header';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/config/roles';
import { can } from '@/config/roles';
import { SignOutButton } from '@/features/auth/components/sign-out-button';

export type AdminHeaderProps = { user: SessionUser | null };

/** The dashboard pages' header: "Back to Form", and signed in, the dashboard, Account, Team, Webhooks and E-mail (admins) and "Sign out". */
export function AdminHeader({ user }: AdminHeaderProps) {
  return (
    <SiteHeader
      actions={
        // Small links, so that on a phone the header stays short and the first lead on the first screen.
        <Box
          component="nav"
          aria-label="Dashboard"
          sx={{ display: 'flex', gap: { xs: 0.5, sm: 1 }, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Button component={RouterLink} href={paths.home} variant="contained">
            Back to Form
          </Button>
          {user ? (
            <>
              <Button component={RouterLink} href={paths.admin} color="inherit" size="small">
                Dashboard
              </Button>
              <Button component={RouterLink} href={paths.account} color="inherit" size="small">
                Account
              </Button>
              {can(user.role, 'team') ? (
                <>
                  <Button component={RouterLink} href={paths.team} color="inherit" size="small">
                    Team
                  </Button>
                  <Button component={RouterLink} href={paths.webhooks} color="inherit" size="small">
                    Webhooks
                  </Button>
                  <Button component={RouterLink} href={paths.emailSettings} color="inherit" size="small">
                    E-mail
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
