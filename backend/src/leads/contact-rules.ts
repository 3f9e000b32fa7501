// The contact form's rules, in the one place both halves read them: the API's validation
// uses them directly, and `npm run api:types -w backend` writes them to
// frontend/src/generated/contact-rules.json for the form.

/** The interest values and their labels, in display order (the order also breaks ties for Top Interest). */
export const INTERESTS = [
  { value: 'empower-team', label: 'Empower Recruiting Team' },
  { value: 'community', label: 'TA Builder Community' },
  { value: 'partnership', label: 'Partnership Opportunities' },
] as const;

export type Interest = (typeof INTERESTS)[number]['value'];

export const INTEREST_VALUES: Interest[] = INTERESTS.map((interest) => interest.value);

/** The dropdown does not offer these; the API still accepts them. */
const INTERESTS_NOT_OFFERED: Interest[] = ['community'];

export const NAME_MIN_LENGTH = 2;

export const MAX_LENGTH = {
  name: 200,
  email: 254,
  company: 200,
  linkedin: 2048,
  comments: 5000,
  // Provenance and consent (sent by the SPA, not typed by the visitor).
  utm: 200,
  referrer: 2048,
  landingPath: 2048,
  consentVersion: 64,
} as const;

export const CONTACT_MESSAGES = {
  name: `Name must be at least ${NAME_MIN_LENGTH} characters`,
  email: 'Please enter a valid email address',
  linkedin: 'Please enter a valid LinkedIn URL',
  interest: 'Please select your primary interest',
} as const;

/** The answer to an accepted submission, shown in the success toast. */
export const THANK_YOU_MESSAGE = "Thank you for your submission! We'll be in touch soon.";

/** Everything above, as the frontend reads it. */
export const contactRules = {
  interests: INTERESTS,
  interestsNotOffered: INTERESTS_NOT_OFFERED,
  nameMinLength: NAME_MIN_LENGTH,
  maxLength: MAX_LENGTH,
  messages: CONTACT_MESSAGES,
  thankYouMessage: THANK_YOU_MESSAGE,
};
