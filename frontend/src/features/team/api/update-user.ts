import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { UserChanges } from './team-types';
import { TEAM_API, teamKeys } from './team-keys';

/** Changes a teammate's role, or disables (sessions end at once) or enables the account. */
export async function updateUser(id: string, changes: UserChanges): Promise<void> {
  await apiRequest(`${TEAM_API.users}/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UserChanges }) => updateUser(id, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.users }),
  });
}
