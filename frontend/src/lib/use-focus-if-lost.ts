import { useEffect } from 'react';
import type { RefObject } from 'react';
import { afterNextFrame } from './after-next-frame';

/**
 * Focuses `ref` once mounted when keyboard focus was lost to <body> (the focused control just
 * went away, e.g. the Sign in button once signed in), so keyboard users keep their place.
 * After the next frame: focus() makes the browser lay out the page first, which in the task
 * that mounts it (a page's hydration) was 5-10 ms more of that task, four times that on a phone.
 */
export function useFocusIfLost(ref: RefObject<HTMLElement | null>): void {
  useEffect(
    () =>
      afterNextFrame(() => {
        const active = document.activeElement;
        if (!active || active === document.body) ref.current?.focus();
      }),
    [ref],
  );
}
