import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxKeys, INBOX_API } from './inbox-keys';

/** Queues the lead's spreadsheet copy again (202); 409 when sync is off. */
export async function redeliverContact(id: string): Promise<void> {
  await apiRequest(`${INBOX_API.contacts}/${encodeURIComponent(id)}/redeliver`, { method: 'POST' });
}

export function useRedeliverContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverContact,
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: inboxKeys.contact(id) }),
  });
}
