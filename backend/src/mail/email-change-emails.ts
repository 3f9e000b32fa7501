import { type EmailContent, noticeEmail } from './email-layout.js';

/** To the new address: the one-time link that moves the account to it, valid `minutes`. */
export function emailConfirmationEmail(confirmUrl: string, minutes: number): EmailContent {
  return noticeEmail(
    'Confirm your new e-mail address',
    [
      `Someone asked to use this address for their account in the lead inbox. The link works once, for ${minutes} minutes.`,
      'If it was not you, ignore this e-mail: nothing changes.',
    ],
    { href: confirmUrl, label: 'Confirm this address' },
  );
}

/** To the old address once the change is made, so that a stolen session cannot move the account quietly. */
export function emailChangedEmail(inboxUrl: string): EmailContent {
  return noticeEmail(
    'Your e-mail address was changed',
    [
      'The e-mail address of your account in the lead inbox was changed, and your other sessions were ended. Its e-mails now go to the new address.',
      'If it was not you, ask an admin of your team to disable the account at once.',
    ],
    { href: inboxUrl, label: 'Open the lead inbox' },
  );
}

/** To the owner of an address another account asked for: they learn of it, the requester learns nothing. */
export function addressTakenEmail(inboxUrl: string): EmailContent {
  return noticeEmail(
    'Someone asked to use your e-mail address',
    [
      'Another account of the lead inbox asked to move to this address, which is already yours. Nothing was changed.',
      'If you did not expect this, tell an admin of your team.',
    ],
    { href: inboxUrl, label: 'Open the lead inbox' },
  );
}
