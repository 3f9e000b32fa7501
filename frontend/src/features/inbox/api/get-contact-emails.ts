import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadEmail } from './contact-types';
import { inboxKeys } from './inbox-keys';

// The default query function GETs the key's URL: /api/admin/contacts/:id/emails.
export const getContactEmailsQueryOptions = (id: string) => queryOptions<LeadEmail[]>({ queryKey: inboxKeys.contactEmails(id) });

/** The e-mails sent (or queued) about one lead, newest first. */
export function useContactEmails(id: string) {
  return useQuery(getContactEmailsQueryOptions(id));
}
