import type { EmailContent } from './email-layout.js';
import { readerTime } from './reader-time.js';

/** The request that caused a notice: its address and browser, as the owner should see them. */
export interface RequestClient {
  ip: string;
  /** The User-Agent header: anyone's text, never trusted (see browserName). */
  userAgent: string;
}

/** The security notices, by subject: each tells the owner of something done to their account. */
export type SecurityNotice =
  | { kind: 'two-factor-on' }
  | { kind: 'two-factor-off'; byAdmin?: string }
  | { kind: 'recovery-code-used'; left: number }
  | { kind: 'password-changed'; byReset: boolean }
  | { kind: 'codes-blocked'; minutes: number };

const MAX_BROWSER_LENGTH = 200;

/**
 * The User-Agent as a line of the e-mail: control characters (a line break would start a
 * line of our own) become spaces, and at most MAX_BROWSER_LENGTH characters. The e-mail is
 * plain text only, so markup in it stays characters.
 */
export function browserName(userAgent: string): string {
  const line = userAgent.replace(/[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ').trim();
  return line === '' ? 'unknown' : line.slice(0, MAX_BROWSER_LENGTH);
}

function what(notice: SecurityNotice): { subject: string; lines: string[] } {
  switch (notice.kind) {
    case 'two-factor-on':
      return {
        subject: 'Two-factor sign-in turned on',
        lines: ['Two-factor sign-in was turned on for your account: signing in now asks for a code of the authenticator app.'],
      };
    case 'two-factor-off':
      return {
        subject: 'Two-factor sign-in turned off',
        lines: [
          notice.byAdmin
            ? `An admin of your team (${notice.byAdmin}) turned off two-factor sign-in for your account: signing in asks for the password only.`
            : 'Two-factor sign-in was turned off for your account: signing in asks for the password only.',
        ],
      };
    case 'recovery-code-used':
      return {
        subject: 'A recovery code was used',
        lines: [
          `Someone signed in to your account with a recovery code. ${notice.left} recovery codes are left; new ones can be made on the Account page.`,
        ],
      };
    case 'password-changed':
      return {
        subject: 'Your password was changed',
        lines: [
          notice.byReset
            ? 'The password of your account was changed with a password reset link, and every session was ended.'
            : 'The password of your account was changed, and your other sessions were ended.',
        ],
      };
    case 'codes-blocked':
      return {
        subject: 'Sign-in blocked after failed codes',
        lines: [
          `Someone typed your password, then too many wrong two-factor codes. Signing in to your account is blocked for ${notice.minutes} minutes.`,
          'Whoever it was knows your password: change it once you can sign in again.',
        ],
      };
  }
}

/**
 * A security notice: what happened, when (in the owner's time zone, named), from which
 * address and browser. Plain text only (no HTML part): the browser's name is a stranger's
 * text, and a text part cannot carry markup or a link that it did not write out.
 */
export function securityNoticeEmail(
  notice: SecurityNotice,
  client: RequestClient,
  at: Date,
  timeZone: string,
  inboxUrl: string,
): EmailContent {
  const { subject, lines } = what(notice);
  const text = [
    ...lines,
    [
      `Time: ${readerTime(at, timeZone)}`,
      `IP address: ${client.ip || 'unknown'}`,
      `Browser: ${browserName(client.userAgent)}`,
    ].join('\n'),
    'If it was not you, tell an admin of your team at once.',
    `Open the lead inbox: ${inboxUrl}`,
    '',
  ].join('\n\n');
  return { subject, text, html: '' };
}
