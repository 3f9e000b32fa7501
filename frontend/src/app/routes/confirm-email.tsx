import { pageMeta } from '@/config/pages';
import { ConfirmEmail } from '@/features/auth/components/confirm-email';
import { AdminFrame } from './admin-frame';

export function ConfirmEmailPage() {
  return <AdminFrame title={pageMeta.confirmEmail.title}>{() => <ConfirmEmail />}</AdminFrame>;
}
