import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { spreadsheetKeys } from './webhook-keys';

/** Sends one spreadsheet delivery again, as it was queued. */
export async function redeliverSpreadsheetDelivery(deliveryId: string): Promise<void> {
  await apiRequest(`/api/admin/spreadsheet/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: 'POST' });
}

export function useRedeliverSpreadsheetDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverSpreadsheetDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spreadsheetKeys.deliveries }),
  });
}
