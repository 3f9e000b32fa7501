import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { apiRequest, isApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session-user';
import { changedOnlyBy } from '../utils/conflict-text';
import type { ContactChanges, ContactDetail, SeenLead } from './contact-types';
import { inboxKeys, INBOX_API } from './inbox-keys';
import { LeadConflictError, reportConflict } from './lead-conflicts';

export type { ContactChanges };

/**
 * PATCHes a lead with If-Match of the version the screen showed. A 412 whose changes since
 * were all the user's own (`userId`: a second quick change sent before the first's answer)
 * is applied again on the current version, once: a person never conflicts with themself.
 */
export async function updateContact(
  seen: SeenLead,
  changes: ContactChanges,
  userId?: string,
  again = true,
): Promise<ContactDetail> {
  try {
    const res = await apiRequest(`${INBOX_API.contacts}/${encodeURIComponent(seen.id)}`, {
      method: 'PATCH',
      body: changes,
      headers: { 'If-Match': `"${seen.version}"` },
    });
    return (await res.json()) as ContactDetail;
  } catch (error) {
    if (!isApiError(error, 412)) throw error;
    const current = JSON.parse(error.body) as ContactDetail;
    if (again && changedOnlyBy(userId, seen, current)) return updateContact(current, changes, userId, false);
    throw new LeadConflictError(current, seen, changes);
  }
}

/**
 * PATCHes a lead, always with If-Match. The answer is its detail, and every list (whose rows
 * and counts may change) is fetched again. A lead changed since the screen showed it is not
 * changed: the screen gets the lead as it is now, and the conflict is reported (what changed,
 * and the user's change to apply again; lead-conflicts).
 */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  const userId = useSessionUser()?.id;
  return useMutation({
    mutationFn: ({ lead, changes }: { lead: SeenLead; changes: ContactChanges }) => updateContact(lead, changes, userId),
    onSuccess: async (detail) => {
      queryClient.setQueryData(inboxKeys.contact(detail.id), detail);
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminContacts });
    },
    onError: async (error) => {
      if (!(error instanceof LeadConflictError)) return;
      queryClient.setQueryData(inboxKeys.contact(error.current.id), error.current);
      reportConflict(error);
      // The rows show the lead as it is now too (the detail is the answer's).
      await queryClient.invalidateQueries({
        queryKey: queryKeys.adminContacts,
        predicate: (query) => typeof query.queryKey[2] === 'object',
      });
    },
  });
}

/** The same PATCH outside a component's life (a toast's Undo, once the row has left the list); the caches as above. */
export async function updateContactNow(
  queryClient: QueryClient,
  seen: SeenLead,
  changes: ContactChanges,
  userId?: string,
): Promise<void> {
  const detail = await updateContact(seen, changes, userId);
  queryClient.setQueryData(inboxKeys.contact(detail.id), detail);
  await queryClient.invalidateQueries({ queryKey: queryKeys.adminContacts });
}
