import { pageMeta } from '@/config/pages';
import { PasswordResetPage } from '@/features/auth/components/password-reset-form';
import { AdminFrame } from './admin-frame';

export function ResetPage() {
  return <AdminFrame title={pageMeta.reset.title}>{() => <PasswordResetPage />}</AdminFrame>;
}
