import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { fetchQueryKey, isApiError } from './api-client';
import { markSessionEnded } from './session-ended';

/** The session ended by itself while someone was signed in: the sign-in form, saying so. */
export function endSession(queryClient: QueryClient): void {
  if (!queryClient.getQueryData(queryKeys.me)) return;
  markSessionEnded();
  queryClient.setQueryData(queryKeys.me, null);
}

/** Queries never go stale, never refetch on focus or on an interval, and are not retried. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A 401 on an admin query or on a change: the session ended elsewhere (expiry, sign-out
    // in another tab), so the page goes back to the sign-in form, which says why. (Signed out
    // already, the sign-in's own 401 changes nothing; an edit in progress keeps its draft,
    // see the inbox's note-draft.)
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error, 401) && query.queryKey[0] === queryKeys.admin[0]) endSession(queryClient);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error, 401)) endSession(queryClient);
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
