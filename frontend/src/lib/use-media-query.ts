import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** MUI's theme's breakpoints `md` and up, and below `sm` (a phone), for the screens that do not load MUI. */
export const WIDE_SCREEN = '(min-width: 900px)';
export const PHONE_SCREEN = '(max-width: 599.95px)';

/**
 * Whether a media query matches, kept current as the window changes. MUI's useMediaQuery
 * without its theme: the dashboard's first screen loads no MUI (app/provider.tsx).
 */
export function useMediaQuery(query: string): boolean {
  const list = useMemo(() => window.matchMedia(query), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list.matches,
    () => false,
  );
}
