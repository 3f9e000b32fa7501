import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import type { SessionUser } from '@/config/roles';
import { ROLE_LABELS } from '@/config/roles';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { BookingLinkForm } from './booking-link-form';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionsList } from './sessions-list';
import { SignInRecord } from './sign-in-record';
import { TwoFactorSettings } from './two-factor-settings';

export type AccountSettingsProps = { user: SessionUser };

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** `/admin/account`: every user's own e-mail, name, time zone, notifications, password, two-factor sign-in, sessions and sign-ins. */
export function AccountSettings({ user }: AccountSettingsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(headingRef);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography ref={headingRef} tabIndex={-1} variant="h4" component="h1" sx={{ fontWeight: 700, outline: 'none' }}>
          Your account
        </Typography>
        <Typography color="text.secondary">
          Signed in as {user.username} ({ROLE_LABELS[user.role]})
        </Typography>
      </Box>
      <Panel title="Profile and notifications">
        <ProfileForm user={user} />
      </Panel>
      <Panel title="Booking link">
        <BookingLinkForm user={user} />
      </Panel>
      <Panel title="E-mail address">
        <EmailForm user={user} />
      </Panel>
      <Panel title="Password">
        <PasswordForm />
      </Panel>
      <Panel title="Two-factor sign-in">
        <TwoFactorSettings user={user} />
      </Panel>
      <Panel title="Where you are signed in">
        <SessionsList />
      </Panel>
      <Panel title="Recent sign-ins">
        <SignInRecord />
      </Panel>
    </Box>
  );
}
