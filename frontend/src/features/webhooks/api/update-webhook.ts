import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import { type Webhook, webhookKeys, webhookUrl } from './webhook-keys';

// Every field is optional in the PATCH (the generated type marks those with a default as required).
export type WebhookChanges = Partial<components['schemas']['UpdateWebhookDto']>;

/** Changes what `changes` gives of one endpoint (its URL, events, format, or whether it is active). */
export async function updateWebhook({ id, changes }: { id: string; changes: WebhookChanges }): Promise<Webhook> {
  return (await apiRequest(webhookUrl(id), { method: 'PATCH', body: changes })).json() as Promise<Webhook>;
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all, exact: true }),
  });
}
