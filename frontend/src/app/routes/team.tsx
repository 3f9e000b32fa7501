import Alert from '@mui/material/Alert';
import { pageMeta } from '@/config/pages';
import { can } from '@/config/roles';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { TeamSettings } from '@/features/team/components/team-settings';
import { AdminFrame } from './admin-frame';

export function TeamPage() {
  return (
    <AdminFrame title={pageMeta.team.title}>
      {(user) =>
        !user ? (
          <SignInForm />
        ) : can(user.role, 'team') ? (
          <TeamSettings me={user} />
        ) : (
          // Said here rather than answered with a 403: the header shows no link to this page.
          <Alert severity="info">Only an admin manages the team. Ask one of your team's admins.</Alert>
        )
      }
    </AdminFrame>
  );
}
