import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { components } from '@/lib/api-types';

export type Analytics = components['schemas']['AnalyticsDto'];

/** The browser's IANA time zone: "this month" is the visitor's calendar month. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

// The default query function GETs the key's URL.
export const getAnalyticsQueryOptions = (tz: string = browserTimeZone()) =>
  queryOptions<Analytics>({ queryKey: queryKeys.adminAnalytics(tz) });

export function useAnalytics() {
  return useQuery(getAnalyticsQueryOptions());
}
