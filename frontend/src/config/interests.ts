// Spec §3's interest values and labels, in the table's order (also the tie-break order).

export const INTERESTS = [
  { value: 'empower-team', label: 'Empower Recruiting Team' },
  { value: 'community', label: 'TA Builder Community' },
  { value: 'partnership', label: 'Partnership Opportunities' },
] as const;

export type Interest = (typeof INTERESTS)[number]['value'];

export const INTEREST_VALUES: readonly Interest[] = INTERESTS.map((i) => i.value);

/** The dropdown offers only these (spec §5: community is not offered). */
export const FORM_INTEREST_OPTIONS = INTERESTS.filter((i) => i.value !== 'community');

export function interestLabel(value: string): string {
  return INTERESTS.find((i) => i.value === value)?.label ?? value;
}
