import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';
import { browserTimeZone } from '@/lib/time-zone';

export type TrendDay = components['schemas']['TrendDayDto'];

// Under the admin prefix, so invalidating `queryKeys.admin` reaches it.
const trendKey = (tz: string, days: number) => [...queryKeys.admin, 'analytics', 'trend', { tz, days }] as const;

// The default query function GETs the key's URL: /api/admin/analytics/trend?tz=&days=.
export const getTrendQueryOptions = (days: number, tz: string = browserTimeZone()) =>
  queryOptions<TrendDay[]>({ queryKey: trendKey(tz, days) });

export function useTrend(days: number) {
  return useQuery(getTrendQueryOptions(days));
}
