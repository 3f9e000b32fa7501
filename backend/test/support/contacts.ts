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
