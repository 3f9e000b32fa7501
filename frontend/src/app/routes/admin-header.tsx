import { RouterLink } from '@/components/router-link';
import { SiteHeader } from '@/components/site-header';
import { paths } from '@/config/paths';
import type { Permission, SessionUser } from '@/config/roles';
import { can } from '@/config/roles';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { AwayToggle } from '@/features/account/components/away-toggle';

/** The signed-in user's pages, each shown only to the roles that may use it. */
const ADMIN_LINKS: Array<{ href: string; label: string; permission?: Permission }> = [
  { href: paths.admin, label: 'Dashboard' },
  { href: paths.account, label: 'Account' },
  { href: paths.team, label: 'Team', permission: 'team' },
  // One page with a section each (e-mail, response time, booking link, webhooks, routing);
  // members see its Routing.
  { href: paths.settings, label: 'Settings', permission: 'triage' },
];

export type AdminHeaderProps = {
  user: SessionUser | null;
  /**
   * The session is being asked for (a browser with the signed-in hint): the links every
   * signed-in user has, so that the header the page paints first hardly grows once it is known.
   */
  sessionPending?: boolean;
};

/**
 * The dashboard pages' header: "Back to Form", and signed in, the dashboard, Account, Team (admins), Settings
 * (members and admins), the Away toggle and "Sign out".
 */
export function AdminHeader({ user, sessionPending = false }: AdminHeaderProps) {
  return (
    <SiteHeader
      actions={
        // Small links, so that on a phone the header stays short and the first lead on the first
        // screen; plain elements with MUI's look (styles/controls.css), no styling at run time.
        <nav aria-label="Dashboard" className="admin-nav">
          {/* The spec's button, quiet: the dashboard's own work leads, not the way out. */}
          <RouterLink href={paths.home} className="btn btn--outlined btn--small">
            Back to Form
          </RouterLink>
          {user || sessionPending ? (
            <>
              {ADMIN_LINKS.filter((link) => !link.permission || (user && can(user.role, link.permission))).map((link) => (
                <RouterLink key={link.href} href={link.href} className="btn btn--text btn--small btn--inherit">
                  {link.label}
                </RouterLink>
              ))}
              {user ? <AwayToggle user={user} /> : null}
              <SignOutButton />
            </>
          ) : null}
        </nav>
      }
    />
  );
}
