import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EmailSettings, emailSettingsKeys } from './email-settings-keys';

export const getEmailSettingsQueryOptions = () => queryOptions<EmailSettings>({ queryKey: emailSettingsKeys.email });

/** Whether e-mail is set up (SMTP_URL and MAIL_FROM on the server), and the From address. */
export function useEmailSettings() {
  return useQuery(getEmailSettingsQueryOptions());
}
