import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest, isApiError } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type AdminUser = components['schemas']['SessionUserDto'];

/** The signed-in admin, or null when there is no session: the one query that yields null on 401. */
export async function getMe({ signal }: QueryFunctionContext): Promise<AdminUser | null> {
  try {
    return (await (await apiRequest(API.me, { signal })).json()) as AdminUser;
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const getMeQueryOptions = () => queryOptions({ queryKey: queryKeys.me, queryFn: getMe });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
