import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mixed, object, string } from 'yup';
import { ROLES } from '@/config/roles';
import type { Role } from '@/config/roles';
import { apiRequest } from '@/lib/api-client';
import type { Invitation, InvitationInput } from './team-types';
import { TEAM_API, teamKeys } from './team-keys';

/** The invite form's rules: an e-mail address and a role. */
export const createInvitationSchema = object({
  email: string().trim().required('Please enter an e-mail address').email('Please enter a valid e-mail address'),
  role: mixed<Role>()
    .oneOf([...ROLES])
    .required(),
});

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
