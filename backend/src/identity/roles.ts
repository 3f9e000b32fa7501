import { SetMetadata } from '@nestjs/common';

/** The team's roles, least to most: each may do everything the ones before it may. */
export const ROLES = ['viewer', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MIN_ROLE = 'minRole';

/**
 * The least role that may call a route (each route's in docs/api.md). Every route that is
 * not @Public() carries one, on the handler or its controller; AccessGuard refuses a route
 * without either (deny by default), and test/roles.spec.ts fails for it.
 */
export const MinRole = (role: Role) => SetMetadata(MIN_ROLE, role);

/** Whether `role` may do what `required` may. */
export function roleAllows(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}
