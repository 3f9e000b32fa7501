import { startTransition, useEffect, useState } from 'react';

/** Without requestIdleCallback (Safari), this much later. */
const FALLBACK_MS = 50;
/** The longest wait for an idle moment. */
const TIMEOUT_MS = 2_000;

/** Calls `callback` in the browser's next idle moment; answers how to cancel it. */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'undefined') {
    const timer = window.setTimeout(callback, FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }
  const handle = requestIdleCallback(callback, { timeout: TIMEOUT_MS });
  return () => cancelIdleCallback(handle);
}

/**
 * Whether the browser has had an idle moment since `start` became true, once: it stays true.
 * Work that the page needs soon but not for its first screen mounts with it, rendered in
 * slices (a transition) after the first screen is up, rather than adding to the task that
 * puts it up.
 */
export function useIdleAfter(start: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!start || idle) return;
    return whenIdle(() => startTransition(() => setIdle(true)));
  }, [start, idle]);
  return idle;
}
