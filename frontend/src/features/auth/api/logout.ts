import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';

export async function logout(): Promise<void> {
  await apiRequest(API.logout, { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.me, null);
      queryClient.removeQueries({ queryKey: queryKeys.admin });
    },
  });
}
