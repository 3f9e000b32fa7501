/** `value` as an absolute http(s) URL, or null (so a stored `javascript:` link never becomes an href). */
export function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * A `mailto:` link to exactly `email`, or null when it has no `@`. Both parts are
 * percent-encoded, so an address such as `x?cc=someone%40evil.example&subject=…@example.com`
 * (valid by RFC 5322) stays one recipient instead of adding headers to the mail; a `subject`
 * is encoded too.
 */
export function mailtoHref(email: string, subject?: string): string | null {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  const href = `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
  return subject ? `${href}?subject=${encodeURIComponent(subject)}` : href;
}
