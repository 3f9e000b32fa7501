import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryKeyToUrl } from '@/lib/api-client';
import type { LeadMessage, MessageAttachment } from './contact-types';
import { inboxKeys, INBOX_API } from './inbox-keys';

/**
 * How many of the newest messages a thread shows at first: the earlier ones of a long thread
 * wait behind "Show N earlier messages", so that a lead written to for months opens as fast
 * as a new one (a 500-message thread fetched and drawn whole cost the drawer's opening most of its time).
 */
export const THREAD_SHOWN_AT_FIRST = 20;

/** Messages of a thread, oldest first, and how many the whole thread holds. */
export type LeadThreadPage = { messages: LeadMessage[]; total: number };

/**
 * The lead's conversation: its newest THREAD_SHOWN_AT_FIRST messages (`?last=`), or `whole`.
 * Both keys sit under the lead's, so a live `lead.message` refetches whichever is shown.
 */
export const getLeadMessagesQueryOptions = (id: string, whole = false) =>
  queryOptions<LeadThreadPage>({
    queryKey: whole ? inboxKeys.contactMessages(id) : [...inboxKeys.contactMessages(id), { last: THREAD_SHOWN_AT_FIRST }],
    queryFn: async ({ queryKey, signal }) => {
      const res = await apiRequest(queryKeyToUrl(queryKey), { signal });
      const messages = (await res.json()) as LeadMessage[];
      return { messages, total: Number(res.headers.get('X-Total-Count') ?? messages.length) };
    },
  });

/**
 * The thread as its drawer shows it; asked for only when the drawer shows it. While the whole
 * thread loads, the newest messages stay on screen (never another lead's).
 */
export function useLeadMessages(id: string, whole: boolean) {
  const ofThisLead = inboxKeys.contactMessages(id);
  return useQuery({
    ...getLeadMessagesQueryOptions(id, whole),
    placeholderData: (previous, previousQuery) =>
      ofThisLead.every((part, index) => previousQuery?.queryKey[index] === part) ? keepPreviousData(previous) : undefined,
  });
}

/** Every message of the lead that the cache holds (the newest page, the whole thread or both), oldest first. */
export function cachedThread(queryClient: QueryClient, leadId: string): LeadMessage[] {
  const byId = new Map<string, LeadMessage>();
  for (const [, page] of queryClient.getQueriesData<LeadThreadPage>({ queryKey: inboxKeys.contactMessages(leadId) }))
    for (const message of page?.messages ?? []) byId.set(message.id, message);
  return [...byId.values()];
}

/** Where an attachment downloads from (`Content-Disposition: attachment`). */
export function attachmentUrl(leadId: string, messageId: string, attachment: Pick<MessageAttachment, 'id'>): string {
  return `${INBOX_API.contacts}/${encodeURIComponent(leadId)}/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachment.id)}`;
}
