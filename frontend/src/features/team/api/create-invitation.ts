import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Invitation, InvitationInput } from './team-types';
import { TEAM_API, teamKeys } from './team-keys';

/** Invites by e-mail and role (201); inviting the same address again replaces its open invitation. */
export async function createInvitation(input: InvitationInput): Promise<Invitation> {
  return (await (await apiRequest(TEAM_API.invitations, { method: 'POST', body: input })).json()) as Invitation;
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.users }),
  });
}
