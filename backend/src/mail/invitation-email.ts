import type { Role } from '../identity/roles.js';
import { type EmailContent, noticeEmail } from './email-layout.js';
import { readerTime } from './reader-time.js';

/**
 * The invitation to the team: the one-time link (valid until `expiresAt`) and the role it gives.
 * The invited have no account, so no time zone of their own yet: the end is written in the
 * inviter's (`timeZone`), which is named, as a short name ("CET", "GMT+9") says little abroad.
 */
export function invitationEmail(
  inviteUrl: string,
  role: Role,
  expiresAt: Date,
  timeZone: string,
  publicUrl: string,
): EmailContent {
  const until = readerTime(expiresAt, timeZone);
  const named = until.endsWith(timeZone) ? until : `${until} (time in ${timeZone.replaceAll('_', ' ')})`;
  return noticeEmail(
    'You are invited to the lead inbox',
    [
      `You are invited to join the team that reads the leads of ${new URL(publicUrl).host}, as ${role === 'admin' ? 'an' : 'a'} ${role}.`,
      `The link works once, until ${named}. If you did not expect this e-mail, ignore it.`,
    ],
    { href: inviteUrl, label: 'Accept the invitation' },
  );
}
