import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WebhookDelivery, webhookKeys } from './webhook-keys';

/** Polled while a delivery is pending, so the log shows each result as it comes. */
export const getWebhookDeliveriesQueryOptions = (id: string) =>
  queryOptions<WebhookDelivery[]>({
    queryKey: webhookKeys.deliveries(id),
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.state === 'pending') ? 1000 : false),
  });

export function useWebhookDeliveries(id: string) {
  return useQuery(getWebhookDeliveriesQueryOptions(id));
}
