let zone: string | undefined;

/**
 * The browser's IANA time zone: days and months are the visitor's own. Read once a page: the
 * first Intl formatter a page makes loads the time zone data (some 90 ms on a phone), and the
 * dashboard's queries ask for the zone at every render.
 */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return zone;
}
