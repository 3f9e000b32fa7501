import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {
  type NewReplyTemplate,
  type ReplyTemplate,
  replyTemplateKeys,
  replyTemplateUrl,
  REPLY_TEMPLATES_API,
} from './reply-template-keys';

export type SavedReplyTemplate = { id?: string; template: NewReplyTemplate };

/** A new template (`POST`), or changes to one (`PATCH /:id`); 400 names each unknown variable. */
export async function saveReplyTemplate({ id, template }: SavedReplyTemplate): Promise<ReplyTemplate> {
  const res = id
    ? await apiRequest(replyTemplateUrl(id), { method: 'PATCH', body: template })
    : await apiRequest(REPLY_TEMPLATES_API, { method: 'POST', body: template });
  return (await res.json()) as ReplyTemplate;
}

export function useSaveReplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReplyTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: replyTemplateKeys.all }),
  });
}
