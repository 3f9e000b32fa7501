import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';
import { browserTimeZone } from '@/lib/time-zone';

export type ResponseReport = components['schemas']['ResponseTimeReportDto'];

// Under the admin prefix, so invalidating `queryKeys.admin` reaches it.
const reportKey = (range: { from: string; to: string; tz: string }) =>
  [...queryKeys.admin, 'analytics', 'response-time', range] as const;

// The default query function GETs the key's URL: /api/admin/analytics/response-time?from=&to=&tz=.
// The dates are the viewer's calendar days, read as midnights in `tz` by the API.
export const getResponseReportQueryOptions = (from: string, to: string, tz: string = browserTimeZone()) =>
  queryOptions<ResponseReport>({ queryKey: reportKey({ from, to, tz }) });

export function useResponseReport(from: string, to: string) {
  return useQuery(getResponseReportQueryOptions(from, to));
}
