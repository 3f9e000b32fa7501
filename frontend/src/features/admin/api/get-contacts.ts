import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { apiRequest, queryKeyToUrl } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { parseNextLink } from '@/lib/link-header';

export type ContactSubmission = components['schemas']['ContactSubmissionDto'];

export type ContactsPage = {
  items: ContactSubmission[];
  /** The `rel="next"` URL of the answer's Link header, when more rows exist. */
  nextUrl: string | null;
};

export async function getContactsPage(url: string, signal?: AbortSignal): Promise<ContactsPage> {
  const res = await apiRequest(url, { signal });
  const items = (await res.json()) as ContactSubmission[];
  return { items, nextUrl: parseNextLink(res.headers.get('Link')) };
}

export const getContactsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminContacts,
    queryFn: ({ pageParam, signal }) => getContactsPage(pageParam, signal),
    initialPageParam: queryKeyToUrl(queryKeys.adminContacts),
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
  });

export function useContacts() {
  return useInfiniteQuery(getContactsQueryOptions());
}
