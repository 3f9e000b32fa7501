/**
 * The token of an invitation or reset link (`/admin/invite#<token>`): it lives in the URL's
 * fragment, which the browser sends in no request and no `Referer`, so only the page reads it.
 */
export function linkToken(hash: string = typeof window === 'undefined' ? '' : window.location.hash): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}
