import type { components } from '@/generated/api-types';

/** The signed-in account, as `GET /api/auth/me` answers it. */
export type SessionUser = components['schemas']['AccountDto'];
export type Role = SessionUser['role'];

/** What a control needs, named after what each role may do (docs/team-and-privacy.md). */
export type Permission = 'triage' | 'delete' | 'team';

// Who may do what (each route's role in docs/api.md); reading the inbox is every role's.
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
