import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The scheduling tools whose links the product completes (and, for the first two, whose bookings come back). */
export const BOOKING_PROVIDERS = ['calcom', 'calendly', 'other'] as const;
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];

/** The longest booking link an account or the team may save. */
export const BOOKING_URL_MAX_LENGTH = 2048;

/** Whether `value` is a booking link the product may hand to a visitor: an absolute https: URL, no credentials in it. */
export function isBookingUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > BOOKING_URL_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `field` must be an https: URL or null (checked by isBookingUrl). */
export function IsBookingUrlOrNull(field: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isBookingUrlOrNull',
      validator: {
        validate: (value: unknown) => value === null || isBookingUrl(value),
        defaultMessage: () => `${field} must be an https: URL (at most ${BOOKING_URL_MAX_LENGTH} characters) or null`,
      },
    },
    options,
  );
}

/**
 * The query parameter that carries the lead's id back with the booking: Cal.com keeps
 * `metadata[…]` on the booking (its webhook's `payload.metadata`), Calendly keeps the
 * `utm_*` parameters (its webhook's `payload.tracking`); most other tools keep `utm_content`
 * too, so "other" uses it.
 */
const LEAD_ID_PARAMETER: Record<BookingProvider, string> = {
  calcom: 'metadata[leadId]',
  calendly: 'utm_content',
  other: 'utm_content',
};

/** The visitor a booking link is made for. */
export interface BookingVisitor {
  leadId: string;
  name: string;
  email: string;
}

/**
 * The link the visitor books with: `base` with their name, e-mail and lead id as query
 * parameters (each percent-encoded, so a name holding `&`, `#` or `=` stays one value;
 * parameters of the same names already in `base` are replaced). Null without a base.
 */
export function bookingLink(base: string | null, provider: BookingProvider, visitor: BookingVisitor): string | null {
  if (!base || !isBookingUrl(base)) return null;
  const url = new URL(base);
  const added: Array<[string, string]> = [
    ['name', visitor.name],
    ['email', visitor.email],
    [LEAD_ID_PARAMETER[provider], visitor.leadId],
  ];
  const kept = new URLSearchParams(url.search);
  for (const [key] of added) kept.delete(key);
  const query = [kept.toString(), ...added.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)];
  url.search = query.filter((part) => part !== '').join('&');
  return url.href;
}

/** `url` without its query parameter `key` (the others kept exactly as they were encoded). */
export function withoutParameter(url: string, key: string): string {
  const parsed = new URL(url);
  const encodedKey = encodeURIComponent(key);
  const kept = parsed.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== encodedKey);
  parsed.search = kept.join('&');
  return parsed.href;
}
