import type { Role } from '../identity/roles.js';
import { type EmailContent, noticeEmail } from './email-layout.js';

/** The invitation to the team: the one-time link (valid until `expiresAt`) and the role it gives. */
export function invitationEmail(inviteUrl: string, role: Role, expiresAt: Date, publicUrl: string): EmailContent {
  return noticeEmail(
    'You are invited to the lead inbox',
    [
      `You are invited to join the team that reads the leads of ${new URL(publicUrl).host}, as ${role === 'admin' ? 'an' : 'a'} ${role}.`,
      `The link works once, until ${expiresAt.toUTCString()}. If you did not expect this e-mail, ignore it.`,
    ],
    { href: inviteUrl, label: 'Accept the invitation' },
  );
}
