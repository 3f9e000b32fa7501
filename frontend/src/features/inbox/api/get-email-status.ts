import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailStatus } from './contact-types';
import { inboxKeys } from './inbox-keys';

// The default query function GETs the key's URL: /api/admin/settings/email.
export const getEmailStatusQueryOptions = () => queryOptions<EmailStatus>({ queryKey: inboxKeys.emailStatus });

/** Whether e-mail is set up on the server (any role may ask). */
export function useEmailStatus() {
  return useQuery(getEmailStatusQueryOptions());
}
