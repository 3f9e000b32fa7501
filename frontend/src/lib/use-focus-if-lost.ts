import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Focuses `ref` on mount when keyboard focus was lost to <body> (the focused control just
 * went away, e.g. the Sign in button once signed in), so keyboard users keep their place.
 */
export function useFocusIfLost(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [ref]);
}
