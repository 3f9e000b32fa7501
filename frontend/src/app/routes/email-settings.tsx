import Alert from '@mui/material/Alert';
import { pageMeta } from '@/config/pages';
import { can } from '@/config/roles';
import { EmailSettings } from '@/features/email-settings/components/email-settings';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { AdminFrame } from './admin-frame';

/** Settings → E-mail (/admin/settings/email): a chunk of its own, for admins. */
export function EmailSettingsPage() {
  return (
    <AdminFrame title={pageMeta.emailSettings.title}>
      {(user) =>
        !user ? (
          <SignInForm />
        ) : can(user.role, 'team') ? (
          <EmailSettings />
        ) : (
          // Said here rather than answered with a 403: the header shows no link to this page.
          <Alert severity="info">Only an admin manages e-mail. Ask one of your team's admins.</Alert>
        )
      }
    </AdminFrame>
  );
}
