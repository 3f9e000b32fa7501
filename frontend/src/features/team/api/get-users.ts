import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMember } from './team-types';
import { teamKeys } from './team-keys';

/** Every account and open invitation (admins only); the default query function GETs `/api/admin/users`. */
export const getUsersQueryOptions = () => queryOptions<TeamMember[]>({ queryKey: teamKeys.users });

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
