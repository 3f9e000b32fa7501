import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ROUTING_API } from './routing-keys';
import type { RoutingDecision, RoutingSample } from './routing-types';

/** The dry run: whom such a lead would go to now, and why (nothing stored or counted). */
export async function testRouting(sample: RoutingSample): Promise<RoutingDecision> {
  return (await (await apiRequest(ROUTING_API.test, { method: 'POST', body: sample })).json()) as RoutingDecision;
}

export function useTestRouting() {
  return useMutation({ mutationFn: testRouting });
}
