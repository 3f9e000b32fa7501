import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { SessionUser } from '@/config/roles';
import { can } from '@/config/roles';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { AdminFrame } from './admin-frame';

export type AdminOnlyPageProps = {
  title: string;
  /** What only an admin manages, for the note a member or viewer reads: "the team", "e-mail". */
  manages: string;
  /** The page's content for a signed-in admin. */
  children: (admin: SessionUser) => ReactNode;
};

/** A page under /admin for admins: the sign-in form for nobody signed in, a note for any other role. */
export function AdminOnlyPage({ title, manages, children }: AdminOnlyPageProps) {
  return (
    <AdminFrame title={title}>
      {(user) =>
        !user ? (
          <SignInForm />
        ) : can(user.role, 'team') ? (
          children(user)
        ) : (
          // Said here rather than answered with a 403: the header shows no link to this page.
          <Alert severity="info">{`Only an admin manages ${manages}. Ask one of your team's admins.`}</Alert>
        )
      }
    </AdminFrame>
  );
}
