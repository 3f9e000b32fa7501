import type { FormikErrors } from 'formik';
import contactRules from '@/generated/contact-rules.json';
import { isApiError } from '@/lib/api-client';
import type { ContactFormValues } from './contact-form-values';

const { messages } = contactRules;

/** How each of the API's messages about a field begins (contact-rules.ts and create-contact.dto.ts). */
const FIELD_MESSAGES: [keyof ContactFormValues, string[]][] = [
  ['name', [messages.name, 'Name must']],
  ['email', [messages.email, 'Email must']],
  ['linkedin', [messages.linkedin, 'LinkedIn URL must']],
  ['company', ['Company must']],
  ['interest', [messages.interest]],
  ['comments', ['Comments must']],
];

/**
 * The fields a 400 from the API names, each with its message, so that the form shows them
 * under the fields as it shows its own checks ({} for any other failure).
 */
export function refusedFields(error: unknown): FormikErrors<ContactFormValues> {
  if (!isApiError(error, 400)) return {};
  let refusals: unknown;
  try {
    refusals = (JSON.parse(error.body) as { message?: unknown }).message;
  } catch {
    return {};
  }
  const list = (Array.isArray(refusals) ? refusals : [refusals]).filter((item) => typeof item === 'string');
  const errors: FormikErrors<ContactFormValues> = {};
  for (const [field, beginnings] of FIELD_MESSAGES) {
    const message = list.find((item) => beginnings.some((beginning) => item.startsWith(beginning)));
    if (message) errors[field] = message;
  }
  return errors;
}
