import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { browserTimeZone } from '@/lib/time-zone';
import type { TrendDay } from './contact-types';

// The default query function GETs the key's URL: /api/admin/analytics/trend?tz=&days=.
export const getTrendQueryOptions = (days: number, tz: string = browserTimeZone()) =>
  queryOptions<TrendDay[]>({ queryKey: queryKeys.adminTrend(tz, days) });

export function useTrend(days: number) {
  return useQuery(getTrendQueryOptions(days));
}
