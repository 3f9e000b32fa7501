import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactDetail } from './contact-types';
import { inboxKeys } from './inbox-keys';

// The default query function GETs the key's URL: /api/admin/contacts/:id.
export const getContactQueryOptions = (id: string) => queryOptions<ContactDetail>({ queryKey: inboxKeys.contact(id) });

export function useContact(id: string | null) {
  return useQuery({ ...getContactQueryOptions(id ?? ''), enabled: id !== null });
}
