import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mixed, object, string } from 'yup';
import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';
import { apiRequest } from '@/lib/api-client';

export type BookingSettings = components['schemas']['BookingSettingsDto'];
export type BookingProvider = BookingSettings['provider'];

const BOOKING_SETTINGS_API = '/api/admin/settings/booking';

// Under the shared admin prefix, so the default query function GETs the key's URL.
export const bookingSettingsKey = [...queryKeys.admin, 'settings', 'booking'] as const;

export const PROVIDERS: readonly BookingProvider[] = ['calcom', 'calendly', 'other'];

export const getBookingSettingsQueryOptions = () => queryOptions<BookingSettings>({ queryKey: bookingSettingsKey });

export function useBookingSettings() {
  return useQuery(getBookingSettingsQueryOptions());
}

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** The form's rules, the API's: an https: link or none, and one of the tools. */
export const bookingSettingsSchema = object({
  defaultUrl: string()
    .trim()
    .max(2048, 'The link must be at most 2048 characters')
    .test('https', 'Please enter a link that starts with https://', (value) => !value || isHttpsUrl(value)),
  provider: mixed<BookingProvider>()
    .oneOf([...PROVIDERS])
    .required(),
});

export async function saveBookingSettings(settings: BookingSettings): Promise<BookingSettings> {
  return (await apiRequest(BOOKING_SETTINGS_API, { method: 'PUT', body: settings })).json() as Promise<BookingSettings>;
}

/** PUTs the team's booking link; the answer is the settings as saved, which the query then holds. */
export function useSaveBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBookingSettings,
    onSuccess: (saved) => queryClient.setQueryData(bookingSettingsKey, saved),
  });
}
