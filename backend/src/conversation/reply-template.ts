/** The variables a reply template may hold, as `{{name}}`. */
export const TEMPLATE_VARIABLES = [
  'lead.name',
  'lead.firstName',
  'lead.company',
  'lead.interest',
  'me.name',
  // The sender's booking link (else the team's) made for the lead: docs/booking.md.
  'me.bookingUrl',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

// `{{ name }}`, spaces allowed inside the braces.
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of `text` that name no variable, each once (`{{x}}` as written, trimmed). */
export function unknownVariables(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1])
    .filter((name) => !(TEMPLATE_VARIABLES as readonly string[]).includes(name));
  return [...new Set(unknown)];
}

/**
 * `text` with each placeholder replaced by its value, in one pass: a value is inserted as
 * text and never read again as a template (a lead named `{{me.name}}` stays that).
 */
export function renderTemplate(text: string, values: Record<TemplateVariable, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(name) ? values[name as TemplateVariable] : whole,
  );
}

/** The first name: the first word of the name as the lead typed it. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
