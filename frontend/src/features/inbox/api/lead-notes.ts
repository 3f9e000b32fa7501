import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Note } from './contact-types';
import { inboxKeys, INBOX_API } from './inbox-keys';

const notesUrl = (leadId: string) => `${INBOX_API.contacts}/${encodeURIComponent(leadId)}/notes`;

export async function addNote(leadId: string, body: string): Promise<Note> {
  return (await apiRequest(notesUrl(leadId), { method: 'POST', body: { body } })).json() as Promise<Note>;
}

export async function deleteNote(leadId: string, noteId: string): Promise<void> {
  await apiRequest(`${notesUrl(leadId)}/${encodeURIComponent(noteId)}`, { method: 'DELETE' });
}

/** After a note is added or deleted: the lead (its thread and history) is fetched again. */
function useRefetchLead() {
  const queryClient = useQueryClient();
  return async (leadId: string) => {
    await queryClient.invalidateQueries({ queryKey: inboxKeys.contact(leadId) });
  };
}

export function useAddNote() {
  const refetch = useRefetchLead();
  return useMutation({
    mutationFn: ({ leadId, body }: { leadId: string; body: string }) => addNote(leadId, body),
    onSuccess: (_, { leadId }) => refetch(leadId),
  });
}

export function useDeleteNote() {
  const refetch = useRefetchLead();
  return useMutation({
    mutationFn: ({ leadId, noteId }: { leadId: string; noteId: string }) => deleteNote(leadId, noteId),
    onSuccess: (_, { leadId }) => refetch(leadId),
  });
}
