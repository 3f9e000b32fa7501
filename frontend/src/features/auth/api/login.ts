import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import type { AdminUser } from './get-me';

export type LoginInput = components['schemas']['LoginDto'];

export async function login(input: LoginInput): Promise<AdminUser> {
  const res = await apiRequest(API.login, { method: 'POST', body: input });
  return (await res.json()) as AdminUser;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Data cached under another session must never show under this one.
      queryClient.removeQueries({ queryKey: queryKeys.admin });
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
}
