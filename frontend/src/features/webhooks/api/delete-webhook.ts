import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys, webhookUrl } from './webhook-keys';

export async function deleteWebhook(id: string): Promise<void> {
  await apiRequest(webhookUrl(id), { method: 'DELETE' });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    // The list only: its deliveries' query (under the same prefix) would ask for an endpoint that is gone.
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.all, exact: true });
    },
  });
}
