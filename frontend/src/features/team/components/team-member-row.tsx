import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { toast } from '@/components/toast/toast';
import { ROLE_LABELS, ROLES } from '@/config/roles';
import type { Role } from '@/config/roles';
import { useCreateInvitation } from '../api/create-invitation';
import type { Invitation, TeamMember } from '../api/team-types';
import { useUpdateUser } from '../api/update-user';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { LAST_ADMIN_REASON } from '../utils/last-admin';
import { DisableDialog } from './disable-dialog';

export type TeamMemberRowProps = {
  member: TeamMember;
  /** The team's one active admin: role and disable are refused by the API, so they are disabled here, with the reason. */
  lastAdmin: boolean;
  isMe: boolean;
  onInvited: (invitation: Invitation) => void;
  /** Whom their open leads can be handed to when they are disabled: the other active members and admins. */
  people?: TeamMember[];
};

const STATE_LABELS: Record<TeamMember['state'], string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };

const failed = (title: string) => (error: Error) => void toast({ title, description: error.message, destructive: true });

function memberName(member: TeamMember): string {
  return member.displayName || member.username || member.email || 'Unnamed';
}

/** The actions of an open invitation: invite again (a new link, the old one stops working) and withdraw. */
function InvitationActions({ member, onInvited }: Pick<TeamMemberRowProps, 'member' | 'onInvited'>) {
  const reinvite = useCreateInvitation();
  const withdraw = useWithdrawInvitation();
  const name = memberName(member);
  const busy = reinvite.isPending || withdraw.isPending;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={busy || !member.email}
        aria-label={`Invite ${name} again`}
        onClick={() =>
          reinvite.mutate(
            { email: member.email ?? '', role: member.role },
            { onSuccess: onInvited, onError: failed('Not invited') },
          )
        }
      >
        Invite again
      </Button>
      <Button
        size="small"
        color="error"
        disabled={busy}
        aria-label={`Withdraw the invitation of ${name}`}
        onClick={() => withdraw.mutate(member.id, { onError: failed('Invitation not withdrawn') })}
      >
        Withdraw
      </Button>
    </>
  );
}

/**
 * The actions of an account: its role, disable (confirmed in a dialog that says what becomes
 * of their open leads) or enable, and turning off a teammate's two-factor sign-in.
 */
function AccountActions({
  member,
  lastAdmin,
  isMe,
  people = [],
}: Pick<TeamMemberRowProps, 'member' | 'lastAdmin' | 'isMe' | 'people'>) {
  const update = useUpdateUser();
  const disable = useUpdateUser();
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const name = memberName(member);
  const disabled = member.state === 'disabled';
  const role = update.isPending ? (update.variables.changes.role ?? member.role) : member.role;
  const change = (changes: { role?: Role; disabled?: boolean; twoFactor?: false }) =>
    update.mutate({ id: member.id, changes }, { onError: failed('Not changed') });
  const askToDisable = () => {
    disable.reset();
    setConfirming(true);
  };
  const confirmDisable = (handOverTo: string | undefined) =>
    disable.mutate({ id: member.id, changes: { disabled: true, handOverTo } }, { onSuccess: () => setConfirming(false) });
  return (
    <>
      <NativeSelect
        value={role}
        disabled={lastAdmin || update.isPending}
        onChange={(event) => change({ role: event.target.value as Role })}
        inputProps={{ 'aria-label': `Role of ${name}`, 'aria-describedby': lastAdmin ? reasonId : undefined }}
        sx={{ fontSize: '0.875rem', minWidth: 100 }}
      >
        {ROLES.map((option) => (
          <option key={option} value={option}>
            {ROLE_LABELS[option]}
          </option>
        ))}
      </NativeSelect>
      <Button
        size="small"
        color={disabled ? 'primary' : 'error'}
        disabled={lastAdmin || update.isPending}
        aria-describedby={lastAdmin ? reasonId : undefined}
        aria-label={`${disabled ? 'Enable' : 'Disable'} ${name}${isMe ? ' (you)' : ''}`}
        onClick={() => (disabled ? change({ disabled: false }) : askToDisable())}
      >
        {disabled ? 'Enable' : 'Disable'}
      </Button>
      {confirming ? (
        <DisableDialog
          member={member}
          name={name}
          people={people.filter((person) => person.id !== member.id)}
          open
          pending={disable.isPending}
          error={disable.error}
          onCancel={() => setConfirming(false)}
          onConfirm={confirmDisable}
        />
      ) : null}
      {/* For a teammate who lost their phone and recovery codes; one's own goes off on the Account page, with the password. */}
      {member.twoFactor && !isMe ? (
        <Button
          size="small"
          disabled={update.isPending}
          aria-label={`Turn off two-factor sign-in of ${name}`}
          onClick={() => change({ twoFactor: false })}
        >
          Turn off two-factor
        </Button>
      ) : null}
      {lastAdmin ? (
        <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
          {LAST_ADMIN_REASON}
        </Typography>
      ) : null}
    </>
  );
}

/** One person of the team: who, their state, and what an admin can do about them. */
export function TeamMemberRow({ member, lastAdmin, isMe, onInvited, people }: TeamMemberRowProps) {
  const name = memberName(member);
  return (
    <Paper component="article" variant="outlined" aria-label={name} data-testid="team-member" sx={{ p: 2, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          {isMe ? ' (you)' : ''}
        </Typography>
        <Chip size="small" label={STATE_LABELS[member.state]} color={member.state === 'active' ? 'success' : 'default'} />
        {member.state === 'invited' ? <Chip size="small" variant="outlined" label={ROLE_LABELS[member.role]} /> : null}
        {member.twoFactor ? (
          <Chip size="small" variant="outlined" color="success" label="2FA" title="Two-factor sign-in is on" />
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[member.username, member.email].filter(Boolean).join(' · ')}
      </Typography>
      {member.openLeads > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {member.openLeads === 1 ? '1 open lead' : `${member.openLeads} open leads`}
        </Typography>
      ) : null}
      {member.state !== 'invited' ? (
        <Typography variant="body2" color="text.secondary">
          {member.lastSignInAt ? `Last signed in ${new Date(member.lastSignInAt).toLocaleString()}` : 'Never signed in'}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        {member.state === 'invited' ? (
          <InvitationActions member={member} onInvited={onInvited} />
        ) : (
          <AccountActions member={member} lastAdmin={lastAdmin} isMe={isMe} people={people} />
        )}
      </Box>
    </Paper>
  );
}
