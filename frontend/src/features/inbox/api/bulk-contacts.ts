import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import { INBOX_API } from './inbox-keys';

type Schemas = components['schemas'];

/** A change made to many leads at once (`POST /api/admin/contacts/bulk`, a member's). */
export type BulkChanges = Omit<Schemas['BulkUpdateContactsDto'], 'ids'>;

export async function bulkUpdateContacts(ids: string[], changes: BulkChanges): Promise<number> {
  const res = await apiRequest(`${INBOX_API.contacts}/bulk`, { method: 'POST', body: { ids, ...changes } });
  return ((await res.json()) as Schemas['BulkUpdateResultDto']).updated;
}

/** Erases many leads at once (`POST /api/admin/contacts/bulk-delete`, an admin's), each as one Delete would. */
export async function bulkDeleteContacts(ids: string[]): Promise<number> {
  const res = await apiRequest(`${INBOX_API.contacts}/bulk-delete`, { method: 'POST', body: { ids } });
  return ((await res.json()) as Schemas['BulkDeleteResultDto']).erased;
}

/**
 * The bulk change; every list, count and the analytics are fetched again after it (a lead
 * released from spam counts again; an open lead's drawer shows its new state).
 */
export function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, changes }: { ids: string[]; changes: BulkChanges }) => bulkUpdateContacts(ids, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}

export function useBulkDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => bulkDeleteContacts(ids),
    // An erased lead's own detail is not asked again (it would be a 404).
    onSuccess: (_erased, ids) =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.admin,
        predicate: (query) => !ids.includes(String(query.queryKey[2])),
      }),
  });
}
