import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ROUTING_API, routingKeys } from './routing-keys';
import type { RoutingSettings, Teammate } from './routing-types';

/** The rules and the ETag they were read with (PUT's If-Match). */
export type VersionedRouting = { settings: RoutingSettings; etag: string };

export async function getRouting(): Promise<VersionedRouting> {
  const res = await apiRequest(ROUTING_API.routing);
  return { settings: (await res.json()) as RoutingSettings, etag: res.headers.get('ETag') ?? '' };
}

export const getRoutingQueryOptions = () => queryOptions({ queryKey: routingKeys.routing, queryFn: getRouting });

export function useRouting() {
  return useQuery(getRoutingQueryOptions());
}

/** The active members and admins (`GET /api/admin/assignees`), with `away`; fetched again on `team.updated`. */
export function useTeammates() {
  return useQuery<Teammate[]>({ queryKey: routingKeys.teammates });
}
