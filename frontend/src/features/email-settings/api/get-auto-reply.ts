import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AutoReplySettings, emailSettingsKeys } from './email-settings-keys';

export const getAutoReplyQueryOptions = () => queryOptions<AutoReplySettings>({ queryKey: emailSettingsKeys.autoReply });

export function useAutoReply() {
  return useQuery(getAutoReplyQueryOptions());
}
