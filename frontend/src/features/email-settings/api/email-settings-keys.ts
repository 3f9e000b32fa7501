import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

// Settings → E-mail's shapes, named after the API's OpenAPI document.
export type EmailSettings = Schemas['EmailSettingsDto'];
export type AutoReplySettings = Schemas['AutoReplySettingsDto'];
export type TestEmailResult = Schemas['TestEmailResultDto'];

export const EMAIL_SETTINGS_API = {
  email: '/api/admin/settings/email',
  autoReply: '/api/admin/settings/auto-reply',
  testEmail: '/api/admin/settings/test-email',
} as const;

// Under the shared admin prefix, so the default query function GETs the key's URL.
export const emailSettingsKeys = {
  email: [...queryKeys.admin, 'settings', 'email'] as const,
  autoReply: [...queryKeys.admin, 'settings', 'auto-reply'] as const,
};
