import { pageMeta } from '@/config/pages';
import { AcceptInvitationForm } from '@/features/auth/components/accept-invitation-form';
import { AdminFrame } from './admin-frame';

export function InvitePage() {
  return <AdminFrame title={pageMeta.invite.title}>{() => <AcceptInvitationForm />}</AdminFrame>;
}
