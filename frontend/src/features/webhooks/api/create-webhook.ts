import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type CreatedWebhook, type NewWebhook, webhookKeys, WEBHOOKS_API } from './webhook-keys';

/** Adds an endpoint; the answer holds its secret, shown this once. */
export async function createWebhook(body: NewWebhook): Promise<CreatedWebhook> {
  return (await apiRequest(WEBHOOKS_API, { method: 'POST', body })).json() as Promise<CreatedWebhook>;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
