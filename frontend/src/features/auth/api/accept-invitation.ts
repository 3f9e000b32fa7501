import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import { startSession } from './login';

export type AcceptInvitationInput = components['schemas']['AcceptInvitationDto'];

/** Accepts an invitation: the account is made and signed in (201 with a session cookie). */
export async function acceptInvitation(input: AcceptInvitationInput): Promise<void> {
  await apiRequest(API.acceptInvitation, { method: 'POST', body: input });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => startSession(queryClient) });
}
