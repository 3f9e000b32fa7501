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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
