import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';

export type EmailConfirmation = components['schemas']['ConfirmEmailDto'];
export type EmailChangePreview = components['schemas']['EmailChangePreviewDto'];

/** What a confirmation link is for (the account and the new address); confirms nothing. 410 for a bad link. */
export async function previewEmailChange(input: EmailConfirmation): Promise<EmailChangePreview> {
  return (await (await apiRequest(API.emailChangePreview, { method: 'POST', body: input })).json()) as EmailChangePreview;
}

/** The link's preview, asked once the token is read (never for the prerendered page, which has none). */
export function useEmailChangePreview(token: string | null) {
  return useQuery({
    queryKey: [API.emailChangePreview, token],
    queryFn: () => previewEmailChange({ token: token! }),
    enabled: Boolean(token),
    // What the link is for does not change; asking again on focus would only count toward the throttle.
    staleTime: Infinity,
  });
}

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
