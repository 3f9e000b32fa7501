import { useSyncExternalStore } from 'react';

/**
 * The token of an invitation or reset link (`/admin/invite#<token>`): it lives in the URL's
 * fragment, which the browser sends in no request and no `Referer`, so only the page reads it.
 */
export function linkToken(hash: string = typeof window === 'undefined' ? '' : window.location.hash): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}

const subscribeToHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/**
 * The link's token, null until the page's code runs (the prerendered HTML has none), and
 * current as the fragment changes: a link pasted into the tab that asked for it (the same
 * page, another `#`) is read at once, with no reload.
 */
export function useLinkToken(): string | null {
  return useSyncExternalStore(
    subscribeToHash,
    () => linkToken(),
    () => null,
  );
}
