import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';
import { browserTimeZone } from '@/lib/time-zone';

export type Analytics = components['schemas']['AnalyticsDto'];

// The default query function GETs the key's URL.
export const getAnalyticsQueryOptions = (tz: string = browserTimeZone()) =>
  queryOptions<Analytics>({ queryKey: queryKeys.adminAnalytics(tz) });

/** The statistics in the zone `tz`; asked for once it is known (lib/time-zone's useKnownTimeZone). */
export function useAnalytics(tz: string | undefined) {
  return useQuery({ ...getAnalyticsQueryOptions(tz ?? ''), enabled: tz !== undefined });
}
