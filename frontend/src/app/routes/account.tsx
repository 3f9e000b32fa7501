import { pageMeta } from '@/config/pages';
import { AccountSettings } from '@/features/account/components/account-settings';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { AdminFrame } from './admin-frame';

export function AccountPage() {
  return (
    <AdminFrame title={pageMeta.account.title}>{(user) => (user ? <AccountSettings user={user} /> : <SignInForm />)}</AdminFrame>
  );
}
