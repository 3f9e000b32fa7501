import { queryOptions, useQuery } from '@tanstack/react-query';
import { browserTimeZone } from '@/lib/time-zone';
import type { TrendDay } from './contact-types';
import { adminKeys } from './admin-keys';

// The default query function GETs the key's URL: /api/admin/analytics/trend?tz=&days=.
export const getTrendQueryOptions = (days: number, tz: string = browserTimeZone()) =>
  queryOptions<TrendDay[]>({ queryKey: adminKeys.trend(tz, days) });

export function useTrend(days: number) {
  return useQuery(getTrendQueryOptions(days));
}
