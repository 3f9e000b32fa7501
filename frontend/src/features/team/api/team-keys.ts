import { queryKeys } from '@/config/api';

export const TEAM_API = {
  users: '/api/admin/users',
  invitations: '/api/admin/invitations',
} as const;

/** Under the admin prefix, so a sign-out removes it with the rest. */
export const teamKeys = {
  users: queryKeys.adminUsers,
};
