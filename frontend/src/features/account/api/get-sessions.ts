import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import { ACCOUNT_API, accountKeys } from './account-keys';

export type AccountSession = components['schemas']['SessionDto'];

/** The signed-in person's sessions, newest first. */
export const getSessionsQueryOptions = () =>
  queryOptions<AccountSession[]>({
    queryKey: accountKeys.sessions,
    queryFn: async ({ signal }) => (await apiRequest(ACCOUNT_API.sessions, { signal })).json() as Promise<AccountSession[]>,
  });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
