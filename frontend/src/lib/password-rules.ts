import { string } from 'yup';

/** The API checks the rest (not a leaked password, not containing the username or the e-mail's name) and says which failed. */
export const PASSWORD_MIN_LENGTH = 12;

export const newPasswordSchema = string()
  .required('Please choose a password')
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters`);
