import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';

export type ResponseTimeSettings = components['schemas']['ResponseTimeSettingsDto'];

export const RESPONSE_SETTINGS_API = '/api/admin/settings/response-time';

// Shared by the inbox (overdue badges), the report (its target line) and Settings' form, under the
// admin prefix: a saved target shows everywhere at once.
export const responseSettingsKey = [...queryKeys.admin, 'settings', 'response-time'] as const;

// The default query function GETs the key's URL. Every role reads it (the rows' overdue badge).
export const getResponseSettingsQueryOptions = () => queryOptions<ResponseTimeSettings>({ queryKey: responseSettingsKey });

export function useResponseSettings() {
  return useQuery(getResponseSettingsQueryOptions());
}
