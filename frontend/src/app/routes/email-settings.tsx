import { pageMeta } from '@/config/pages';
import { EmailSettings } from '@/features/email-settings/components/email-settings';
import { AdminOnlyPage } from './admin-only-page';

/** Settings → E-mail (/admin/settings/email): a chunk of its own, for admins. */
export function EmailSettingsPage() {
  return (
    <AdminOnlyPage title={pageMeta.emailSettings.title} manages="e-mail">
      {() => <EmailSettings />}
    </AdminOnlyPage>
  );
}
