import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { getQueryFn } from '@/lib/api-client';
import type { Analytics } from './types';

/** The browser's IANA time zone: "this month" is the visitor's calendar month. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const getAnalytics = getQueryFn<Analytics>({ on401: 'throw' });

export const getAnalyticsQueryOptions = (tz: string = browserTimeZone()) =>
  queryOptions({
    queryKey: [...queryKeys.adminAnalytics, { tz }] as const,
    queryFn: getAnalytics,
  });

export function useAnalytics() {
  return useQuery(getAnalyticsQueryOptions());
}
