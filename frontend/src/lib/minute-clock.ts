import { useSyncExternalStore } from 'react';

// One timer for the whole page, however many "2 min ago" it shows: it runs while someone
// reads it and ticks at each minute's turn, so every relative time moves on together. A
// re-render only: nothing is fetched again.
const MINUTE = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: number | undefined;

function scheduleTick(): void {
  timer = window.setTimeout(
    () => {
      now = Date.now();
      for (const listener of listeners) listener();
      scheduleTick();
    },
    MINUTE - (Date.now() % MINUTE),
  );
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // No one read the clock while it stood still: a minute that turned meanwhile is read
    // again. Within the same minute the time the first rows were drawn with stays: moving it
    // on by the seconds since made every row with a time render again at once, synchronously
    // (an external store's change), right after the dashboard's first screen: a long task on a phone.
    const current = Date.now();
    if (Math.floor(current / MINUTE) !== Math.floor(now / MINUTE)) now = current;
    scheduleTick();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.clearTimeout(timer);
  };
}

const getNow = () => now;

/** The current time, to the minute: the component renders again as each minute turns. */
export function useMinuteClock(): Date {
  const ms = useSyncExternalStore(subscribe, getNow, getNow);
  return new Date(ms);
}
