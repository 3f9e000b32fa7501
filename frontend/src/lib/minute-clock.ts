import { useSyncExternalStore } from 'react';

// One timer for the whole page, however many "2 min ago" it shows: it runs while someone
// reads it and ticks at each minute's turn, so every relative time moves on together. A
// re-render only: nothing is fetched again.
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
    60_000 - (Date.now() % 60_000),
  );
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now();
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
