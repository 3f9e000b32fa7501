import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest, isApiError } from '@/lib/api-client';
import { markSessionEnded } from '@/lib/session-ended';
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
export async function getMe({ signal, client }: QueryFunctionContext): Promise<AdminUser | null> {
  if (!hasSignedInHint()) return null;
  try {
    return (await (await apiRequest(API.me, { signal })).json()) as AdminUser;
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
    // Asked again while someone was signed in (the team changed: their account disabled, say).
    if (client.getQueryData(queryKeys.me)) markSessionEnded();
    // The session ended (expiry): forget the hint, so the next visit does not ask again.
    document.cookie = `${SIGNED_IN_HINT}=; Max-Age=0; Path=/; SameSite=Lax`;
    return null;
  }
}

/**
 * Without the hint the answer is known at once (null: the sign-in form), so the first render
 * shows the form and hydrates the sign-in page the build prerendered (admin.html); with it,
 * the session is asked for. The build's server render has no cookies and sees neither: it
 * renders what its query cache holds (entry-server.tsx).
 */
const knownWithoutAsking = () => (typeof document !== 'undefined' && !hasSignedInHint() ? null : undefined);

export const getMeQueryOptions = () => queryOptions({ queryKey: queryKeys.me, queryFn: getMe, initialData: knownWithoutAsking });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
