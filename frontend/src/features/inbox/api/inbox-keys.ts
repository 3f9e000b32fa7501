import { queryKeys } from '@/config/api';

// The inbox's endpoints and query keys. They live with the feature (the landing page, which
// loads src/config, never needs them) and extend the shared admin prefix, so invalidating
// `queryKeys.admin` or `queryKeys.adminContacts` still reaches every one of them.

export const INBOX_API = {
  contacts: '/api/admin/contacts',
  erasures: '/api/admin/erasures',
  events: '/api/admin/events',
  emailSettings: '/api/admin/settings/email',
  replyTemplates: '/api/admin/reply-templates',
} as const;

export const inboxKeys = {
  contactList: (filters: Record<string, string | undefined>) => [...queryKeys.adminContacts, filters] as const,
  contact: (id: string) => [...queryKeys.adminContacts, id] as const,
  contactEmails: (id: string) => [...queryKeys.adminContacts, id, 'emails'] as const,
  // Under the lead's key: a live `lead.updated` or `lead.message` of the lead refetches its thread too.
  contactMessages: (id: string) => [...queryKeys.adminContacts, id, 'messages'] as const,
  // The team's reply templates (members read them; the reply box fills itself from one).
  replyTemplates: [...queryKeys.admin, 'reply-templates'] as const,
  // The same key as Settings → E-mail's (its URL): whether e-mail is set up.
  emailStatus: [...queryKeys.admin, 'settings', 'email'] as const,
};
