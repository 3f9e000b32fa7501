import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '@/components/loading-screen';
import type { SessionUser } from '@/config/roles';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { useUsers } from '../api/get-users';
import type { Invitation } from '../api/team-types';
import { isLastActiveAdmin } from '../utils/last-admin';
import { InvitationLink } from './invitation-link';
import { InviteForm } from './invite-form';
import { TeamMemberRow } from './team-member-row';

export type TeamSettingsProps = { me: SessionUser };

/** `/admin/team` (admins): invite, and the people and open invitations with their roles and states. */
export function TeamSettings({ me }: TeamSettingsProps) {
  const users = useUsers();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(headingRef);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography ref={headingRef} tabIndex={-1} variant="h4" component="h1" sx={{ fontWeight: 700, outline: 'none' }}>
        Team
      </Typography>
      <Box component="section" aria-labelledby="invite-heading" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="invite-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Invite a teammate
        </Typography>
        <InviteForm onInvited={setInvitation} />
        {invitation ? <InvitationLink key={invitation.id} invitation={invitation} /> : null}
      </Box>
      <Box component="section" aria-labelledby="people-heading" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="people-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          People and invitations
        </Typography>
        {users.isPending ? (
          <LoadingScreen label="Loading the team..." />
        ) : users.isError ? (
          <Alert severity="error" role="alert">
            Could not load the team: {users.error.message}
          </Alert>
        ) : (
          <Box component="ul" aria-labelledby="people-heading" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {users.data.map((member) => (
              <li key={`${member.state}-${member.id}`}>
                <TeamMemberRow
                  member={member}
                  isMe={member.id === me.id}
                  lastAdmin={isLastActiveAdmin(users.data, member)}
                  onInvited={setInvitation}
                  people={users.data.filter(
                    (person) => person.state === 'active' && (person.role === 'member' || person.role === 'admin'),
                  )}
                />
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
