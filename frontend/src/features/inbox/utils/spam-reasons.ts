// Why a lead was held as spam, in words: one short sentence a signal code the API gives
// (`spamReasons`, docs/spam.md). A code this page does not
// know yet (a signal added later) is shown as it is, never dropped.

import type { SpamReason } from '../api/contact-types';

export const SPAM_REASON_TEXTS: Record<SpamReason, string> = {
  'link-in-name': 'A web address in the name or company',
  links: 'Two or more links in the comments',
  'disposable-email': 'Throwaway e-mail address',
  'spam-words': 'Words of SEO, crypto, casino or pharmacy offers',
  gibberish: 'Name or company reads as random letters',
  'duplicate-text': 'The same comments from three or more addresses within an hour',
  'captcha-failed': 'Failed the captcha check',
  'too-fast': 'Sent within 3 seconds of opening the page',
  'missing-token': 'Sent without the form page (no page token)',
  'network-volume': 'Many submissions from one network within an hour',
};

export function spamReasonText(code: string): string {
  return SPAM_REASON_TEXTS[code as SpamReason] ?? code;
}

/** The score as people read it: "Spam score 85 of 100". */
export function spamScoreText(score: number): string {
  return `Spam score ${score} of 100`;
}
