import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { getQueryFn } from '@/lib/api-client';

export type AdminUser = {
  id: string;
  username: string;
};

/** The signed-in admin, or null when there is no session: the one query that yields null on 401. */
export const getMe = getQueryFn<AdminUser>({ on401: 'returnNull' });

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
  });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
