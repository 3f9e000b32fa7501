import { useEffect } from 'react';
import { whenIdle } from './use-idle';

let zone: string | undefined;

/**
 * The browser's IANA time zone: days and months are the visitor's own. Read once a page: the
 * first Intl formatter a page makes loads the time zone data (some 60 ms on a phone), and the
 * dashboard's queries ask for the zone at every render.
 */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return zone;
}

/**
 * Reads the time zone in an idle moment while the page waits for its session and code, so
 * that the dashboard's first render, which needs it, does not also pay for Intl's first formatter.
 */
export function useTimeZoneWhenIdle(): void {
  useEffect(() => whenIdle(() => void browserTimeZone()), []);
}
