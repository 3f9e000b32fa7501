import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { fetchQueryKey, isApiError } from './api-client';

/** Queries never go stale, never refetch on focus or on an interval, and are not retried. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A 401 on an admin query or on a change: the session ended elsewhere (expiry, sign-out
    // in another tab), so the page goes back to the sign-in form. (Signed out already, the
    // sign-in's own 401 changes nothing; an edit in progress keeps its draft, see the
    // inbox's note-draft.)
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error, 401) && query.queryKey[0] === queryKeys.admin[0]) {
          queryClient.setQueryData(queryKeys.me, null);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error, 401)) queryClient.setQueryData(queryKeys.me, null);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: fetchQueryKey,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return queryClient;
}

export const queryClient = createQueryClient();
