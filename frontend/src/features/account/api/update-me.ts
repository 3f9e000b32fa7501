import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boolean, object, string } from 'yup';
import { API, queryKeys } from '@/config/api';
import type { SessionUser } from '@/config/roles';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';

export type AccountChanges = components['schemas']['UpdateAccountDto'];

export type NewLeadChoice = SessionUser['notifications']['newLead'];

/** Which new-lead e-mails come, in the order the form offers them. */
export const NEW_LEAD_CHOICES: readonly NewLeadChoice[] = ['all', 'mine', 'daily', 'off'];

/** The profile form's rules: display name, time zone and notification choices. */
export const updateMeSchema = object({
  displayName: string().trim().required('Please enter your name').max(100, 'The name must be at most 100 characters'),
  timeZone: string().required(),
  newLead: string().oneOf(NEW_LEAD_CHOICES),
  assigned: boolean(),
  replies: boolean(),
  escalations: boolean(),
  followUps: boolean(),
});

export async function updateMe(changes: AccountChanges): Promise<SessionUser> {
  return (await (await apiRequest(API.me, { method: 'PATCH', body: changes })).json()) as SessionUser;
}

/** PATCHes the signed-in account; the answer is the account, which every page reads from the `me` query. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}
