/** `value` as an absolute http(s) URL, or null (so a stored `javascript:` link never becomes an href). */
export function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
