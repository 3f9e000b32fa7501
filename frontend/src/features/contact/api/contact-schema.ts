import type { FormikErrors } from 'formik';
import { validateYupSchema, yupToFormErrors } from 'formik';
import { object, string } from 'yup';
import { NAME_MIN_LENGTH } from '@/config/constants';
import { INTEREST_VALUES } from '@/config/interests';
import { parseHttpUrl } from '@/lib/url';
import type { ContactFormValues } from './contact-form-values';

export const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  linkedin: 'Please enter a valid LinkedIn URL',
  interest: 'Please select your primary interest',
} as const;

/** An absolute http(s) URL with a dotted host name (the API refuses anything else). */
export function isHttpUrl(value: string): boolean {
  const url = parseHttpUrl(value);
  return url !== null && /\.[a-z]{2,}$/i.test(url.hostname);
}

/** Spec §5's rules and messages. */
export const contactSchema = object({
  name: string().trim().required(CONTACT_MESSAGES.name).min(NAME_MIN_LENGTH, CONTACT_MESSAGES.name),
  email: string().trim().required(CONTACT_MESSAGES.email).email(CONTACT_MESSAGES.email),
  linkedin: string()
    .trim()
    .default('')
    .test('url', CONTACT_MESSAGES.linkedin, (value) => !value || isHttpUrl(value)),
  company: string().trim().default(''),
  interest: string()
    .required(CONTACT_MESSAGES.interest)
    .oneOf([...INTEREST_VALUES], CONTACT_MESSAGES.interest),
  comments: string().default(''),
});

/** Formik's errors for `values` under the schema ({} when valid). */
export async function validateContact(values: ContactFormValues): Promise<FormikErrors<ContactFormValues>> {
  try {
    await validateYupSchema(values, contactSchema);
    return {};
  } catch (error) {
    return yupToFormErrors<ContactFormValues>(error);
  }
}
