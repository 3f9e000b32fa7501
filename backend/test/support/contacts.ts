/** A valid contact form body, with any field replaced. */
export function contactBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    linkedin: 'https://www.linkedin.com/in/ada',
    company: 'Analytical Engines',
    interest: 'empower-team',
    comments: 'We hire twenty engineers a quarter.',
    ...overrides,
  };
}

/** The provenance fields of a submission sent without any: each one null. */
export const NO_PROVENANCE = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
  landingPath: null,
  consentVersion: null,
};
