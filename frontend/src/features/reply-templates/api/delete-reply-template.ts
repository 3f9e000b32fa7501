import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { replyTemplateKeys, replyTemplateUrl } from './reply-template-keys';

export async function deleteReplyTemplate(id: string): Promise<void> {
  await apiRequest(replyTemplateUrl(id), { method: 'DELETE' });
}

export function useDeleteReplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReplyTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: replyTemplateKeys.all }),
  });
}
