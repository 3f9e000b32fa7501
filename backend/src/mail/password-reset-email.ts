import { type EmailContent, noticeEmail } from './email-layout.js';

/**
 * "Forgot password?": the one-time link that sets a new password, valid `minutes`, and the
 * account's username (what the sign-in form asks for, which a person may have forgotten too).
 */
export function passwordResetEmail(resetUrl: string, minutes: number, username: string): EmailContent {
  return noticeEmail(
    'Reset your password',
    [
      `Someone asked to reset the password of your account in the lead inbox. The link works once, for ${minutes} minutes.`,
      `Your username is ${username}.`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    { href: resetUrl, label: 'Choose a new password' },
  );
}
