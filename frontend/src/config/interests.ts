import type { components } from '@/generated/api-types';
import contactRules from '@/generated/contact-rules.json';

export type Interest = components['schemas']['CreateContactDto']['interest'];

/** The interests in display order (also the tie-break order of Top Interest). */
export const INTERESTS = contactRules.interests;

/** The dropdown's options: some interests are accepted but not offered. */
export const FORM_INTEREST_OPTIONS = INTERESTS.filter((interest) => !contactRules.interestsNotOffered.includes(interest.value));

export function interestLabel(value: string): string {
  return INTERESTS.find((interest) => interest.value === value)?.label ?? value;
}
