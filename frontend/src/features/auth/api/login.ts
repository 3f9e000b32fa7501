import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import { clearSessionEnded } from '@/lib/session-ended';
import type { components } from '@/generated/api-types';

export type LoginInput = components['schemas']['LoginDto'];

/**
 * After a sign-in (or an accepted invitation): data cached under another session must never
 * show under this one, and the account (role included) is asked again, since the sign-in's
 * answer holds only the id and username.
 */
export async function startSession(queryClient: QueryClient): Promise<void> {
  clearSessionEnded();
  queryClient.removeQueries({ queryKey: queryKeys.admin });
  await queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

export async function login(input: LoginInput): Promise<void> {
  await apiRequest(API.login, { method: 'POST', body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => startSession(queryClient),
  });
}
