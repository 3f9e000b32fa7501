import { startTransition, useEffect, useState } from 'react';

let zone: string | undefined;
let asked = false;
const listeners = new Set<() => void>();

/** How long the page waits for the worker below before it reads the zone itself. */
const WORKER_WAIT_MS = 2000;

const readHere = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function settle(value: string): void {
  if (zone !== undefined) return;
  zone = value;
  for (const listener of listeners) listener();
}

/**
 * The browser's IANA time zone: days and months are the visitor's own. Read once a page, and
 * on the page's own thread only when the worker below has not said it yet.
 */
export function browserTimeZone(): string {
  if (zone === undefined) settle(readHere());
  return zone ?? 'UTC';
}

/**
 * Has a worker read the time zone while the page waits for its session and code. The first
 * Intl formatter a page makes loads the time zone data, 100-500 ms at 4x CPU: on the page's
 * own thread that was a long task of the dashboard's first screen (its queries send the zone).
 * Read on another thread, it costs the page's thread nothing, and the data it loaded makes
 * the page's first date formatter cheap too (a few ms). Without a worker, or one that fails
 * or stays silent, the page reads it itself.
 */
function readTimeZoneAside(): void {
  if (asked || zone !== undefined) return;
  asked = true;
  try {
    const worker = new Worker(new URL('./time-zone-worker.ts', import.meta.url), { type: 'module' });
    const done = (value: string) => {
      clearTimeout(timer);
      worker.terminate();
      settle(value);
    };
    const timer = setTimeout(() => done(readHere()), WORKER_WAIT_MS);
    worker.onmessage = (event: MessageEvent<string>) => done(event.data);
    worker.onerror = () => done(readHere());
  } catch {
    settle(readHere());
  }
}

/** Starts reading the time zone aside (readTimeZoneAside) as the page mounts. */
export function useTimeZoneAside(): void {
  useEffect(readTimeZoneAside, []);
}

/**
 * The time zone once it is known, undefined while the worker reads it: what needs it waits
 * for it (the dashboard's statistics) rather than reading it on the page's thread in a render,
 * which was 11 ms of one task at the dashboard's first render (45 ms on a phone). The worker's
 * answer renders the dashboard again in a transition, in slices: as an external store's change
 * (useSyncExternalStore) it was one task of 10-30 ms within the phone's load.
 */
export function useKnownTimeZone(): string | undefined {
  const [known, setKnown] = useState(zone);
  useEffect(() => {
    readTimeZoneAside();
    const update = () => startTransition(() => setKnown(zone));
    listeners.add(update);
    // Known between this render and this effect (another reader's answer): shown now.
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);
  return known;
}
