import type { FormikErrors } from 'formik';
import { validateYupSchema, yupToFormErrors } from 'formik';
import { object, string } from 'yup';
import { INTERESTS } from '@/config/interests';
import contactRules from '@/generated/contact-rules.json';
import { parseHttpUrl } from '@/lib/url';
import type { ContactFormValues } from './contact-form-values';

const { messages, nameMinLength, emailPattern } = contactRules;

/** The API's own expression for an e-mail address (contact-rules.ts), so that both say the same. */
const EMAIL = new RegExp(emailPattern.source, emailPattern.flags);

/** An absolute http(s) URL with a dotted host name (the API refuses anything else). */
function isHttpUrl(value: string): boolean {
  const url = parseHttpUrl(value);
  return url !== null && /\.[a-z]{2,}$/i.test(url.hostname);
}

/** The API's rules and messages for the form, checked before it is sent. */
const contactSchema = object({
  name: string().trim().required(messages.name).min(nameMinLength, messages.name),
  email: string().trim().required(messages.email).matches(EMAIL, messages.email),
  linkedin: string()
    .trim()
    .default('')
    .test('url', messages.linkedin, (value) => !value || isHttpUrl(value)),
  company: string().trim().default(''),
  interest: string()
    .required(messages.interest)
    .oneOf(
      INTERESTS.map((interest) => interest.value),
      messages.interest,
    ),
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
