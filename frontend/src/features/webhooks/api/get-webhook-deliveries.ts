import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollWhilePending, type DeliveryLogEntry, webhookKeys } from './webhook-keys';

export const getWebhookDeliveriesQueryOptions = (id: string) =>
  queryOptions<DeliveryLogEntry[]>({ queryKey: webhookKeys.deliveries(id), refetchInterval: pollWhilePending });

export function useWebhookDeliveries(id: string) {
  return useQuery(getWebhookDeliveriesQueryOptions(id));
}
