import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollWhilePending, spreadsheetKeys, type DeliveryLogEntry } from './webhook-keys';

export const getSpreadsheetDeliveriesQueryOptions = () =>
  queryOptions<DeliveryLogEntry[]>({ queryKey: spreadsheetKeys.deliveries, refetchInterval: pollWhilePending });

export function useSpreadsheetDeliveries() {
  return useQuery(getSpreadsheetDeliveriesQueryOptions());
}
