import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys, webhookUrl } from './webhook-keys';

/** Sends one delivery again, as it was queued. */
export async function redeliverWebhookDelivery({ id, deliveryId }: { id: string; deliveryId: string }): Promise<void> {
  await apiRequest(`${webhookUrl(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: 'POST' });
}

export function useRedeliverWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookDelivery,
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
