import { useEffect } from 'react';

let zone: string | undefined;
let asked = false;

/**
 * The browser's IANA time zone: days and months are the visitor's own. Read once a page, and
 * on the page's own thread only when the worker below has not said it yet.
 */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return zone;
}

/**
 * Has a worker read the time zone while the page waits for its session and code. The first
 * Intl formatter a page makes loads the time zone data, 100-500 ms at 4x CPU: on the page's
 * own thread that was a long task of the dashboard's first screen (its queries send the zone).
 * Read on another thread, it costs the page's thread nothing, and the data it loaded makes
 * the page's first date formatter cheap too (a few ms).
 */
function readTimeZoneAside(): void {
  if (asked || zone !== undefined || typeof Worker === 'undefined') return;
  asked = true;
  try {
    const worker = new Worker(new URL('./time-zone-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<string>) => {
      zone ??= event.data;
      worker.terminate();
    };
    worker.onerror = () => worker.terminate();
  } catch {
    // No worker here: browserTimeZone() reads the zone when it is first needed.
  }
}

/** Starts reading the time zone aside (readTimeZoneAside) as the page mounts. */
export function useTimeZoneAside(): void {
  useEffect(readTimeZoneAside, []);
}
