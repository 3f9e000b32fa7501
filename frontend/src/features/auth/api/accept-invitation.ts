import { useMutation, useQueryClient } from '@tanstack/react-query';
import { object, string } from 'yup';
import { API } from '@/config/api';
import { browserTimeZone } from '@/lib/time-zone';
import { apiRequest } from '@/lib/api-client';
import { newPasswordSchema } from '@/lib/password-rules';
import type { components } from '@/generated/api-types';
import { startSession } from './login';

export type AcceptInvitationInput = components['schemas']['AcceptInvitationDto'];

/** The invitation form's rules: a username, an optional display name, a password by the API's rules. */
export const acceptInvitationSchema = object({
  username: string().trim().required('Please choose a username').max(64, 'The username must be at most 64 characters'),
  displayName: string().trim().max(100, 'The display name must be at most 100 characters'),
  password: newPasswordSchema,
});

/** Accepts an invitation: the account is made and signed in (201 with a session cookie). */
export async function acceptInvitation(input: AcceptInvitationInput): Promise<void> {
  // The browser's time zone is the new account's, until the teammate chooses one.
  await apiRequest(API.acceptInvitation, { method: 'POST', body: { timeZone: browserTimeZone(), ...input } });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => startSession(queryClient) });
}
