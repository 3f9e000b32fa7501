/** Spec §3's interest table, in its order (the order also breaks ties for Top Interest). */
export const INTERESTS = {
  'empower-team': 'Empower Recruiting Team',
  community: 'TA Builder Community',
  partnership: 'Partnership Opportunities',
} as const;

export type Interest = keyof typeof INTERESTS;

export const INTEREST_VALUES = Object.keys(INTERESTS) as Interest[];
