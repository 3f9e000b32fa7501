import { useSyncExternalStore } from 'react';

// Whether the signed-in session ended by itself (expired, revoked, signed out elsewhere)
// rather than by this page's "Sign out": the sign-in form then says so. The page keeps its
// URL meanwhile, so signing in again brings the user back where they were.
let ended = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (ended === value) return;
  ended = value;
  for (const listener of listeners) listener();
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.';

export const markSessionEnded = (): void => set(true);
export const clearSessionEnded = (): void => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ended,
    () => false,
  );
}
