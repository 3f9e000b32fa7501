import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReplyTemplate, replyTemplateKeys } from './reply-template-keys';

// The default query function GETs the key's URL: /api/admin/reply-templates, by name.
export const getReplyTemplatesQueryOptions = () => queryOptions<ReplyTemplate[]>({ queryKey: replyTemplateKeys.all });

export function useReplyTemplates() {
  return useQuery(getReplyTemplatesQueryOptions());
}
