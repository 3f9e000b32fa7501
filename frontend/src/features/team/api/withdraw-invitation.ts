import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { TEAM_API, teamKeys } from './team-keys';

/** Withdraws an open invitation (204): its link stops working. */
export async function withdrawInvitation(id: string): Promise<void> {
  await apiRequest(`${TEAM_API.invitations}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.users }),
  });
}
