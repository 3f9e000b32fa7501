import { pageMeta } from '@/config/pages';
import { WebhooksSettings } from '@/features/webhooks/components/webhooks-settings';
import { AdminOnlyPage } from './admin-only-page';

/** Settings → Webhooks (/admin/settings/webhooks): a chunk of its own, for admins. */
export function WebhooksSettingsPage() {
  return (
    <AdminOnlyPage title={pageMeta.webhooks.title} manages="the webhooks">
      {() => <WebhooksSettings />}
    </AdminOnlyPage>
  );
}
