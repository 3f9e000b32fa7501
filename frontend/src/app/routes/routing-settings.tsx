import Alert from '@mui/material/Alert';
import { pageMeta } from '@/config/pages';
import { can } from '@/config/roles';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { RoutingSettings } from '@/features/routing/components/routing-settings';
import { AdminFrame } from './admin-frame';

/** Settings → Routing (/admin/settings/routing): a chunk of its own; members read it and try a lead, admins change it. */
export function RoutingSettingsPage() {
  return (
    <AdminFrame title={pageMeta.routing.title}>
      {(user) =>
        !user ? (
          <SignInForm />
        ) : can(user.role, 'triage') ? (
          <RoutingSettings canEdit={can(user.role, 'team')} />
        ) : (
          <Alert severity="info">Members and admins see the routing rules. Ask one of your team&apos;s admins.</Alert>
        )
      }
    </AdminFrame>
  );
}
