import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';

/** Queues the lead's spreadsheet copy again (202); 409 when sync is off. */
export async function redeliverContact(id: string): Promise<void> {
  await apiRequest(`${API.adminContacts}/${encodeURIComponent(id)}/redeliver`, { method: 'POST' });
}

export function useRedeliverContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverContact,
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: queryKeys.adminContact(id) }),
  });
}
