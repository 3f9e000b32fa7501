import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import type { VersionedRouting } from './get-routing';
import { ROUTING_API, routingKeys } from './routing-keys';
import type { RoutingSettings } from './routing-types';

/** Someone else saved the rules since they were read: nothing was saved. */
export class RoutingConflictError extends Error {
  constructor() {
    super(
      'Someone else saved the routing rules while you were editing them. Their rules are shown now: make your changes again.',
    );
    this.name = 'RoutingConflictError';
  }
}

export async function saveRouting(settings: RoutingSettings, etag: string): Promise<VersionedRouting> {
  try {
    const res = await apiRequest(ROUTING_API.routing, { method: 'PUT', body: settings, headers: { 'If-Match': etag } });
    return { settings: (await res.json()) as RoutingSettings, etag: res.headers.get('ETag') ?? '' };
  } catch (error) {
    if (isApiError(error, 412)) throw new RoutingConflictError();
    throw error;
  }
}

/** PUTs the rules, always with If-Match; on a conflict the rules are read again (the editor shows them). */
export function useSaveRouting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ settings, etag }: { settings: RoutingSettings; etag: string }) => saveRouting(settings, etag),
    onSuccess: (saved) => queryClient.setQueryData(routingKeys.routing, saved),
    onError: async (error) => {
      if (error instanceof RoutingConflictError) await queryClient.invalidateQueries({ queryKey: routingKeys.routing });
    },
  });
}
