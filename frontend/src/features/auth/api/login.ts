import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { AdminUser } from './get-me';

export type LoginInput = {
  username: string;
  password: string;
};

export async function login(input: LoginInput): Promise<AdminUser> {
  const res = await apiRequest('POST', API.login, input);
  return (await res.json()) as AdminUser;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Data cached under another session must never show under this one.
      queryClient.removeQueries({ queryKey: queryKeys.adminContacts });
      queryClient.removeQueries({ queryKey: queryKeys.adminAnalytics });
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
}
