import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Webhook, webhookKeys } from './webhook-keys';

export const getWebhooksQueryOptions = () => queryOptions<Webhook[]>({ queryKey: webhookKeys.all });

export function useWebhooks() {
  return useQuery(getWebhooksQueryOptions());
}
