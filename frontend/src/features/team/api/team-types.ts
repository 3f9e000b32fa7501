import type { Role } from '@/config/roles';

// PROVISIONAL until the generated types land: the shapes of shared/CONTRACT.md, "Accounts and roles".

/** An account or an open invitation, as `GET /api/admin/users` lists them. */
export type TeamMember = {
  id: string;
  username: string | null;
  email: string | null;
  displayName: string | null;
  role: Role;
  state: 'active' | 'invited' | 'disabled';
  lastSignInAt: string | null;
};

export type InvitationInput = { email: string; role: Role };
export type Invitation = { id: string; email: string; role: Role; expiresAt: string; inviteUrl: string };
export type UserChanges = { role?: Role; disabled?: boolean };
