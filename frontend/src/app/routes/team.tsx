import { pageMeta } from '@/config/pages';
import { TeamSettings } from '@/features/team/components/team-settings';
import { AdminOnlyPage } from './admin-only-page';

/** Team (/admin/team): a chunk of its own, for admins. */
export function TeamPage() {
  return (
    <AdminOnlyPage title={pageMeta.team.title} manages="the team">
      {(admin) => <TeamSettings me={admin} />}
    </AdminOnlyPage>
  );
}
