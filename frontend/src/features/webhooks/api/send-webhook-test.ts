import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys, webhookUrl } from './webhook-keys';

/** Queues a `webhook.test` event to the endpoint. */
export async function sendWebhookTest(id: string): Promise<void> {
  await apiRequest(`${webhookUrl(id)}/test`, { method: 'POST' });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
