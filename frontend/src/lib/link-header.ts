/**
 * The target of the `rel="next"` link of an RFC 8288 `Link` header, resolved against
 * `base`; null when there is none or it points to another origin.
 */
export function parseNextLink(header: string | null, base: string = window.location.origin): string | null {
  if (!header) return null;
  const linkPattern = /<([^>]*)>((?:\s*;\s*[^;,]+)*)/g;
  for (const match of header.matchAll(linkPattern)) {
    const [, target, params] = match;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!relations.includes('next')) continue;
    let url: URL;
    try {
      url = new URL(target, base);
    } catch {
      return null;
    }
    if (url.origin !== new URL(base).origin) return null;
    return url.pathname + url.search;
  }
  return null;
}
