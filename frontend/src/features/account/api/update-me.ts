import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import type { SessionUser } from '@/config/roles';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';

export type AccountChanges = components['schemas']['UpdateAccountDto'];

export async function updateMe(changes: AccountChanges): Promise<SessionUser> {
  return (await (await apiRequest(API.me, { method: 'PATCH', body: changes })).json()) as SessionUser;
}

/** PATCHes the signed-in account; the answer is the account, which every page reads from the `me` query. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}
