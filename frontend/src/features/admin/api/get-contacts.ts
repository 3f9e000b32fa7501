import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { apiRequest, queryKeyToUrl } from '@/lib/api-client';
import { parseNextLink } from '@/lib/link-header';
import type { ContactSubmission } from './types';

export type ContactsPage = {
  items: ContactSubmission[];
  /** The `rel="next"` URL of the answer's Link header, when more rows exist. */
  nextUrl: string | null;
};

export async function getContactsPage(url: string): Promise<ContactsPage> {
  const res = await apiRequest('GET', url);
  const items = (await res.json()) as ContactSubmission[];
  return { items, nextUrl: parseNextLink(res.headers.get('Link')) };
}

export const getContactsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminContacts,
    queryFn: ({ pageParam }) => getContactsPage(pageParam),
    initialPageParam: queryKeyToUrl(queryKeys.adminContacts),
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
  });

export function useContacts() {
  return useInfiniteQuery(getContactsQueryOptions());
}
