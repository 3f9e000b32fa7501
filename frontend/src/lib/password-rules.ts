import { string } from 'yup';
import { isApiError } from '@/lib/api-client';

/** The API checks the rest (not a leaked password, not containing the username or the e-mail's name) and says which failed. */
export const PASSWORD_MIN_LENGTH = 12;

export const newPasswordSchema = string()
  .required('Please choose a password')
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters`);

/**
 * The password rules a 400 names for the API's field `field` ("newPassword must be at least
 * 12 characters", one message each), as sentences to show under the form's field, all at
 * once and without the status; [] for any other failure.
 */
export function refusedPasswordRules(error: unknown, field: string): string[] {
  if (!isApiError(error, 400)) return [];
  let messages: unknown;
  try {
    messages = (JSON.parse(error.body) as { message?: unknown }).message;
  } catch {
    return [];
  }
  return (Array.isArray(messages) ? messages : [messages])
    .filter((message): message is string => typeof message === 'string' && message.startsWith(`${field} `))
    .map((message) => `The password ${message.slice(field.length + 1)}.`);
}
