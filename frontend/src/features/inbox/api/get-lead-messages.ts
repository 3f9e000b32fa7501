import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadMessage, MessageAttachment } from './contact-types';
import { inboxKeys, INBOX_API } from './inbox-keys';

// The default query function GETs the key's URL: /api/admin/contacts/:id/messages.
export const getLeadMessagesQueryOptions = (id: string) =>
  queryOptions<LeadMessage[]>({ queryKey: inboxKeys.contactMessages(id) });

/** The lead's conversation, oldest first; asked for only when its drawer shows it. */
export function useLeadMessages(id: string) {
  return useQuery(getLeadMessagesQueryOptions(id));
}

/** Where an attachment downloads from (`Content-Disposition: attachment`). */
export function attachmentUrl(leadId: string, messageId: string, attachment: Pick<MessageAttachment, 'id'>): string {
  return `${INBOX_API.contacts}/${encodeURIComponent(leadId)}/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachment.id)}`;
}
