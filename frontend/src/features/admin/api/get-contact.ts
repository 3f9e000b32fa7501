import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { ContactDetail } from './contact-types';

// The default query function GETs the key's URL: /api/admin/contacts/:id.
export const getContactQueryOptions = (id: string) => queryOptions<ContactDetail>({ queryKey: queryKeys.adminContact(id) });

export function useContact(id: string | null) {
  return useQuery({ ...getContactQueryOptions(id ?? ''), enabled: id !== null });
}
