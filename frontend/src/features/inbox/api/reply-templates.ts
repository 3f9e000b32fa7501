import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RenderedTemplate, ReplyTemplate } from './contact-types';
import { inboxKeys, INBOX_API } from './inbox-keys';

// The default query function GETs the key's URL: /api/admin/reply-templates.
export const getReplyTemplatesQueryOptions = () => queryOptions<ReplyTemplate[]>({ queryKey: inboxKeys.replyTemplates });

/** The team's reply templates (members and admins; asked for only by the reply box). */
export function useReplyTemplates(enabled: boolean) {
  return useQuery({ ...getReplyTemplatesQueryOptions(), enabled });
}

/** A template filled in for one lead and the caller: `POST /api/admin/reply-templates/:id/render`. */
export async function renderReplyTemplate(templateId: string, leadId: string): Promise<RenderedTemplate> {
  const res = await apiRequest(`${INBOX_API.replyTemplates}/${encodeURIComponent(templateId)}/render`, {
    method: 'POST',
    body: { leadId },
  });
  return (await res.json()) as RenderedTemplate;
}

export function useRenderReplyTemplate() {
  return useMutation({
    mutationFn: ({ templateId, leadId }: { templateId: string; leadId: string }) => renderReplyTemplate(templateId, leadId),
  });
}
