import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type AutoReplySettings, EMAIL_SETTINGS_API, emailSettingsKeys } from './email-settings-keys';

export async function saveAutoReply(settings: AutoReplySettings): Promise<AutoReplySettings> {
  return (await apiRequest(EMAIL_SETTINGS_API.autoReply, { method: 'PUT', body: settings })).json() as Promise<AutoReplySettings>;
}

/** PUTs the auto-reply; the answer is the settings as saved, which the query then holds. */
export function useSaveAutoReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoReply,
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsKeys.autoReply, saved),
  });
}
