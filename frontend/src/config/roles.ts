import type { components } from '@/generated/api-types';

/** The signed-in account, as `GET /api/auth/me` answers it. */
export type SessionUser = components['schemas']['AccountDto'];
export type Role = SessionUser['role'];

/** What a control needs, named after the rows of the contract's permission table ("The team"). */
export type Permission = 'triage' | 'delete' | 'team';

// Who may do what (shared/CONTRACT.md, "Accounts and roles"); reading the inbox is every role's.
// triage: status, note, assign, send again, CSV export; delete: a lead, erase a person;
// team: users and invitations, auto-reply, webhooks, test e-mail.
const ALLOWED: Record<Permission, readonly Role[]> = {
  triage: ['member', 'admin'],
  delete: ['admin'],
  team: ['admin'],
};

export const ROLES: readonly Role[] = ['admin', 'member', 'viewer'];

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', member: 'Member', viewer: 'Viewer' };

export function can(role: Role, permission: Permission): boolean {
  return ALLOWED[permission].includes(role);
}
