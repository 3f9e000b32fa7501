import { pageMeta } from '@/config/pages';
import { WebhooksSettings } from '@/features/admin/settings/webhooks/components/webhooks-settings';
import { AdminFrame, AdminShell } from './admin';

/** Settings → Webhooks (/admin/settings/webhooks): a chunk of its own, behind the admin sign-in. */
export function WebhooksSettingsPage() {
  return (
    <AdminShell>
      <AdminFrame title={pageMeta.webhooks.title} heading="Settings · Webhooks">
        <WebhooksSettings />
      </AdminFrame>
    </AdminShell>
  );
}
