import Alert from '@mui/material/Alert';
import { pageMeta } from '@/config/pages';
import { can } from '@/config/roles';
import { WebhooksSettings } from '@/features/webhooks/components/webhooks-settings';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { AdminFrame } from './admin-frame';

/** Settings → Webhooks (/admin/settings/webhooks): a chunk of its own, for admins. */
export function WebhooksSettingsPage() {
  return (
    <AdminFrame title={pageMeta.webhooks.title}>
      {(user) =>
        !user ? (
          <SignInForm />
        ) : can(user.role, 'team') ? (
          <WebhooksSettings />
        ) : (
          // Said here rather than answered with a 403: the header shows no link to this page.
          <Alert severity="info">Only an admin manages the webhooks. Ask one of your team's admins.</Alert>
        )
      }
    </AdminFrame>
  );
}
