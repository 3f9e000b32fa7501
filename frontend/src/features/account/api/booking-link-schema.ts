import { object, string } from 'yup';

/** A booking link as the API takes it: an absolute https: URL (empty: none). */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The booking link form's rule (PATCH /api/auth/me { bookingUrl }). */
export const bookingLinkSchema = object({
  bookingUrl: string()
    .trim()
    .max(2048, 'The link must be at most 2048 characters')
    .test('https', 'Please enter a link that starts with https://', (value) => !value || isHttpsUrl(value)),
});
