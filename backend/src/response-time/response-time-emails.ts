import { type EmailContent, noticeEmail } from '../mail/email-layout.js';
import { interestLabel } from '../leads/new-lead-email.js';

/** What the response-time e-mails say of a lead: no text the visitor typed beyond its name and company. */
export interface LeadSummary {
  name: string;
  company: string | null;
  interest: string;
}

const about = (lead: LeadSummary) => [lead.name, lead.company, interestLabel(lead.interest)].filter(Boolean).join(', ');

/** The escalation: a lead still new past the response target. */
export function waitingEmail(lead: LeadSummary, waitedMinutes: number, link: string): EmailContent {
  return noticeEmail(
    `Waiting for an answer: ${lead.name}`,
    [`This lead has waited past the response target (${waitedMinutes} minutes) without an answer: ${about(lead)}.`],
    { href: link, label: 'Open the lead' },
  );
}

/** The follow-up reminder at the date someone set. */
export function followUpEmail(lead: LeadSummary, followUpAt: Date, link: string): EmailContent {
  return noticeEmail(
    `Follow up: ${lead.name}`,
    [`A follow-up was planned for ${followUpAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${about(lead)}.`],
    { href: link, label: 'Open the lead' },
  );
}
