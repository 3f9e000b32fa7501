import { type EmailContent, leadListEmail, noticeEmail } from '../mail/email-layout.js';
import { interestLabel } from '../leads/new-lead-email.js';
import { readerTime } from '../mail/reader-time.js';

/** What the response-time e-mails say of a lead: no text the visitor typed beyond its name and company. */
export interface LeadSummary {
  id: string;
  name: string;
  company: string | null;
  interest: string;
  followUpAt: Date | null;
}

/** A lead's link (its drawer). */
type LinkOf = (lead: LeadSummary) => string;

const about = (lead: LeadSummary) => [lead.name, lead.company, interestLabel(lead.interest)].filter(Boolean).join(', ');

/**
 * The escalation of leads still new past the response target, one e-mail per person per
 * scan: one lead is "Waiting for an answer: <name>", several "Waiting for an answer: <n> leads".
 */
export function waitingEmail(leads: LeadSummary[], waitedMinutes: number, link: LinkOf): EmailContent {
  if (leads.length === 1) {
    const [lead] = leads;
    return noticeEmail(
      `Waiting for an answer: ${lead.name}`,
      [`This lead has waited past the response target (${waitedMinutes} minutes) without an answer: ${about(lead)}.`],
      { href: link(lead), label: 'Open the lead' },
    );
  }
  return leadListEmail(
    `Waiting for an answer: ${leads.length} leads`,
    `These leads have waited past the response target (${waitedMinutes} minutes) without an answer:`,
    leads.map((lead) => ({ line: about(lead), href: link(lead) })),
  );
}

/**
 * The follow-up reminders at the dates someone set, one e-mail per person per scan (as
 * waitingEmail); the dates in the reader's time zone (their account's), named.
 */
export function followUpEmail(leads: LeadSummary[], timeZone: string, link: LinkOf): EmailContent {
  const when = (at: Date | null) => readerTime(at ?? new Date(), timeZone);
  if (leads.length === 1) {
    const [lead] = leads;
    return noticeEmail(`Follow up: ${lead.name}`, [`A follow-up was planned for ${when(lead.followUpAt)}: ${about(lead)}.`], {
      href: link(lead),
      label: 'Open the lead',
    });
  }
  return leadListEmail(
    `Follow up: ${leads.length} leads`,
    'Follow-ups were planned for these leads:',
    leads.map((lead) => ({ line: `${about(lead)} (${when(lead.followUpAt)})`, href: link(lead) })),
  );
}
