import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import { INBOX_API } from './inbox-keys';

/** Erases one lead (204): its row, outbox rows and the spreadsheet copy. */
export async function deleteContact(id: string): Promise<void> {
  await apiRequest(`${INBOX_API.contacts}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    // The lists, counts and analytics all change; the erased lead's own detail is not asked again (it would be a 404).
    onSuccess: (_data, id) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.admin, predicate: (query) => query.queryKey[2] !== id }),
  });
}
