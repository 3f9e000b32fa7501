import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';

export type EmailConfirmation = components['schemas']['ConfirmEmailDto'];

/** 204: the account has the new address; its other sessions have ended. 410 for a bad link. */
export async function confirmEmail(input: EmailConfirmation): Promise<void> {
  await apiRequest(API.confirmEmail, { method: 'POST', body: input });
}

/** Confirms; the signed-in account (if this is it) is read again, with its new address. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
