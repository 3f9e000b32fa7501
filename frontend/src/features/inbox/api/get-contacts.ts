import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, queryKeyToUrl } from '@/lib/api-client';
import { parseNextLink } from '@/lib/link-header';
import type { ApiFilters } from '../utils/filters';
import type { ContactSubmission } from './contact-types';
import { inboxKeys } from './inbox-keys';

export type { ContactSubmission };

export type ContactsPage = {
  items: ContactSubmission[];
  /** The `rel="next"` URL of the answer's Link header, when more rows exist. */
  nextUrl: string | null;
  /** `X-Total-Count`: the rows that match the filters (null when the answer has none). */
  total: number | null;
};

function totalCount(header: string | null): number | null {
  const total = header === null ? NaN : Number(header);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
}

export async function getContactsPage(url: string, signal?: AbortSignal): Promise<ContactsPage> {
  const res = await apiRequest(url, { signal });
  const items = (await res.json()) as ContactSubmission[];
  return { items, nextUrl: parseNextLink(res.headers.get('Link')), total: totalCount(res.headers.get('X-Total-Count')) };
}

export const getContactsQueryOptions = (filters: ApiFilters = {}) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.contactList({ ...filters }),
    queryFn: ({ pageParam, signal }) => getContactsPage(pageParam, signal),
    initialPageParam: queryKeyToUrl(inboxKeys.contactList({ ...filters })),
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
  });

export function useContacts(filters: ApiFilters = {}) {
  return useInfiniteQuery(getContactsQueryOptions(filters));
}

/** How many submissions match `filters` (one row asked for; the count is the header). */
export const getCountQueryOptions = (filters: ApiFilters) =>
  queryOptions({
    queryKey: inboxKeys.contactList({ ...filters, limit: '1' }),
    queryFn: async ({ queryKey, signal }) => (await getContactsPage(queryKeyToUrl(queryKey), signal)).total ?? 0,
  });

/** The later of two ISO instants (either may be absent). */
const later = (a: string | undefined, b: string) => (a && a > b ? a : b);

/**
 * How many submissions matching `filters` arrived since `since` (a `from` filter later than it
 * wins); not asked when the filters end before that (nothing new can match, and the API
 * refuses a range that ends before it starts).
 */
export const getNewCountQueryOptions = (filters: ApiFilters, since: string) => {
  const from = later(filters.from, since);
  return { ...getCountQueryOptions({ ...filters, from }), enabled: !(filters.to && filters.to <= from) };
};

export function useNewCount(filters: ApiFilters, since: string) {
  return useQuery(getNewCountQueryOptions(filters, since));
}
