import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest, isApiError } from '@/lib/api-client';
import type { SessionUser } from '@/config/roles';

export type AdminUser = SessionUser;

/**
 * The API's readable cookie that a session was started in this browser (the session cookie
 * itself is HttpOnly). Without it nobody is signed in, and asking would only earn a 401,
 * which the browser logs as an error.
 */
const SIGNED_IN_HINT = 'signed_in';

function hasSignedInHint(): boolean {
  return document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT}=`));
}

/** The signed-in user, or null when there is no session: the one query that yields null on 401. */
export async function getMe({ signal }: QueryFunctionContext): Promise<AdminUser | null> {
  if (!hasSignedInHint()) return null;
  try {
    return (await (await apiRequest(API.me, { signal })).json()) as AdminUser;
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
    // The session ended (expiry): forget the hint, so the next visit does not ask again.
    document.cookie = `${SIGNED_IN_HINT}=; Max-Age=0; Path=/; SameSite=Lax`;
    return null;
  }
}

export const getMeQueryOptions = () => queryOptions({ queryKey: queryKeys.me, queryFn: getMe });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
