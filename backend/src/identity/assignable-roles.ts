import type { Role } from './roles.js';

/** Who can own a lead: the roles that may work one (a viewer only reads the inbox). */
export const ASSIGNABLE_ROLES: Role[] = ['admin', 'member'];

/** The 400's message for any other assignee. */
export const ASSIGNEE_RULE = 'assigneeId must be the id of an active member or admin, or null';
