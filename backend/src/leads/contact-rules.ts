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

/**
 * A valid e-mail address, as one regular expression (source and flags) that the API and the
 * form both apply, so that the form never lets through an address the API refuses (a phone's
 * keyboard readily sends `first.last@gmail`). A local part of at most 64 characters, a dot-atom
 * (letters of any script allowed) or a quoted string (`"ann"@x.io`), `@`, and a domain of at least two labels whose last one is
 * a top-level domain: letters only, or an IDN's `xn--` form. The browser's own `type=email`
 * check (off: the form says `noValidate`) would accept a domain without a dot.
 */
const ATEXT = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]";
const QUOTED = '"[^"\\\\]+"';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
export const EMAIL_PATTERN = {
  source: `^(?=[^@]{1,64}@)(?:${ATEXT}+(?:\\.${ATEXT}+)*|${QUOTED})@(?:${LABEL}\\.)+(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})$`,
  flags: 'iu',
} as const;

export const EMAIL_REGEXP = new RegExp(EMAIL_PATTERN.source, EMAIL_PATTERN.flags);

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
  emailPattern: EMAIL_PATTERN,
  maxLength: MAX_LENGTH,
  messages: CONTACT_MESSAGES,
  thankYouMessage: THANK_YOU_MESSAGE,
};
