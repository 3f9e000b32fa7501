import { type EmailContent, noticeEmail } from './email-layout.js';

/** "Forgot password?": the one-time link that sets a new password, valid `minutes`. */
export function passwordResetEmail(resetUrl: string, minutes: number): EmailContent {
  return noticeEmail(
    'Reset your password',
    [
      `Someone asked to reset the password of your account in the lead inbox. The link works once, for ${minutes} minutes.`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    { href: resetUrl, label: 'Choose a new password' },
  );
}
