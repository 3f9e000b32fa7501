import { queryKeys } from '@/config/api';

export const ROUTING_API = {
  routing: '/api/admin/routing',
  test: '/api/admin/routing/test',
} as const;

/** Under the admin prefix, so a sign-out removes it with the rest. */
export const routingKeys = {
  routing: ['/api/admin', 'routing'] as const,
  teammates: queryKeys.adminAssignees,
};
