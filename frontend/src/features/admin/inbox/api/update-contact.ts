import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import type { ContactDetail } from './contact-types';
import { inboxKeys, INBOX_API } from './inbox-keys';

export type ContactChanges = components['schemas']['UpdateContactDto'];

export async function updateContact(id: string, changes: ContactChanges): Promise<ContactDetail> {
  const res = await apiRequest(`${INBOX_API.contacts}/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
  return (await res.json()) as ContactDetail;
}

/** PATCHes a lead; the answer is its detail, and every list (whose rows and counts may change) is fetched again. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ContactChanges }) => updateContact(id, changes),
    onSuccess: async (detail) => {
      queryClient.setQueryData(inboxKeys.contact(detail.id), detail);
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminContacts });
    },
  });
}

/** The same PATCH outside a component's life (a toast's Undo, once the row has left the list); the caches as above. */
export async function updateContactNow(queryClient: QueryClient, id: string, changes: ContactChanges): Promise<void> {
  const detail = await updateContact(id, changes);
  queryClient.setQueryData(inboxKeys.contact(detail.id), detail);
  await queryClient.invalidateQueries({ queryKey: queryKeys.adminContacts });
}
