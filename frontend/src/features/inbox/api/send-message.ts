import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { apiRequest, isApiError } from '@/lib/api-client';
import type { ContactDetail, LeadMessage, SendMessage } from './contact-types';
import type { LeadThreadPage } from './get-lead-messages';
import { inboxKeys, INBOX_API } from './inbox-keys';

/** A reply refused because the lead changed since the screen showed it (412): nothing was sent. */
export class MessageConflictError extends Error {
  constructor(readonly current: ContactDetail) {
    super('This lead changed while you were writing');
    this.name = 'MessageConflictError';
  }
}

/** Sends the lead an e-mail, with If-Match of the version the screen shows (as the drawer's PATCH). */
export async function sendMessage(leadId: string, version: number, message: SendMessage): Promise<LeadMessage> {
  try {
    const res = await apiRequest(`${INBOX_API.contacts}/${encodeURIComponent(leadId)}/messages`, {
      method: 'POST',
      body: message,
      headers: { 'If-Match': `"${version}"` },
    });
    return (await res.json()) as LeadMessage;
  } catch (error) {
    if (isApiError(error, 412)) throw new MessageConflictError(JSON.parse(error.body) as ContactDetail);
    throw error;
  }
}

/**
 * The reply box's send. Sent: the message joins the thread at once (queued), and the lead (its
 * first answer, status, version) and the lists are fetched again. Refused with 412: the lead as
 * it is now replaces the one shown, and its thread is fetched again (what a teammate sent).
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, version, message }: { leadId: string; version: number; message: SendMessage }) =>
      sendMessage(leadId, version, message),
    onSuccess: async (sent, { leadId }) => {
      queryClient.setQueriesData<LeadThreadPage>({ queryKey: inboxKeys.contactMessages(leadId) }, (page) =>
        page && !page.messages.some((one) => one.id === sent.id)
          ? { messages: [...page.messages, sent], total: page.total + 1 }
          : page,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminContacts });
    },
    onError: async (error, { leadId }) => {
      if (!(error instanceof MessageConflictError)) return;
      queryClient.setQueryData(inboxKeys.contact(leadId), error.current);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.contactMessages(leadId) }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.adminContacts,
          predicate: (query) => typeof query.queryKey[2] === 'object',
        }),
      ]);
    },
  });
}
