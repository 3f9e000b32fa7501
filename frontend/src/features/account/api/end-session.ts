import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ACCOUNT_API, accountKeys } from './account-keys';

/** 204: that session's next request answers 401, its live events stop. */
export async function endSession(id: string): Promise<void> {
  await apiRequest(`${ACCOUNT_API.sessions}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
