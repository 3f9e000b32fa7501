import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { RESPONSE_SETTINGS_API, type ResponseTimeSettings, responseSettingsKey } from '@/lib/response-settings';

export async function saveResponseSettings(settings: ResponseTimeSettings): Promise<ResponseTimeSettings> {
  return (await apiRequest(RESPONSE_SETTINGS_API, { method: 'PUT', body: settings })).json() as Promise<ResponseTimeSettings>;
}

/** PUTs the target and business hours; the answer is what was saved, which every overdue badge then reads. */
export function useSaveResponseSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResponseSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(responseSettingsKey, saved);
      // Which leads are overdue (rows, the Overdue view, the report) follows the new target.
      await queryClient.invalidateQueries({ queryKey: ['/api/admin', 'contacts'] });
    },
  });
}
