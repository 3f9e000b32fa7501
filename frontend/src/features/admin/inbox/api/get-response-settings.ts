import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { ResponseTimeSettings } from './response-time-types';

export const RESPONSE_SETTINGS_API = '/api/admin/settings/response-time';

// Under the admin prefix; the same key as Settings' form, so a saved target shows in the rows at once.
export const responseSettingsKey = [...queryKeys.admin, 'settings', 'response-time'] as const;

// The default query function GETs the key's URL. Every role reads it (the rows' overdue badge).
export const getResponseSettingsQueryOptions = () => queryOptions<ResponseTimeSettings>({ queryKey: responseSettingsKey });

export function useResponseSettings() {
  return useQuery(getResponseSettingsQueryOptions());
}
