import { INTERESTS, interestLabel } from '@/config/interests';

/**
 * The first word of the label of the most frequent interest, ties broken in the order of
 * the interests' display order; 'N/A' when nothing was submitted.
 */
export function topInterest(breakdown: Record<string, number> | undefined): string {
  if (!breakdown) return 'N/A';
  const known = INTERESTS.map((interest) => interest.value);
  const order = [...known, ...Object.keys(breakdown).filter((value) => !known.includes(value))];
  let best: string | null = null;
  for (const value of order) {
    const count = breakdown[value] ?? 0;
    if (count > 0 && (best === null || count > (breakdown[best] ?? 0))) best = value;
  }
  if (best === null) return 'N/A';
  return interestLabel(best).split(/\s+/)[0] || best;
}
