/** The ETag of a lead's version: strong, quoted as RFC 9110 writes it. */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * Whether an If-Match header names the lead's current version: `*`, or one of its
 * comma-separated tags (a weak `W/` one compared by its value, as a client may have kept it).
 */
export function ifMatchHolds(header: string, version: number): boolean {
  const wanted = etagOf(version);
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === wanted);
}
