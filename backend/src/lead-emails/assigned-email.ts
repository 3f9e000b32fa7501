import { type EmailContent, leadListEmail, noticeEmail } from '../mail/email-layout.js';
import { interestLabel, leadUrl, type NewLead } from '../leads/new-lead-email.js';

type AssignedLead = Pick<NewLead, 'id' | 'name' | 'company' | 'interest'>;

const about = (lead: AssignedLead) => [lead.name, lead.company, interestLabel(lead.interest)].filter(Boolean).join(', ');

/**
 * "Assigned to you: <name>" to the teammate someone else gave a lead to, with the link to its
 * drawer; several leads at once (a bulk assignment) are one e-mail, "<n> leads assigned to
 * you", each lead's name and link in the body.
 */
export function assignedEmail(leads: AssignedLead[], assignedBy: string, publicUrl: string): EmailContent {
  if (leads.length === 1) {
    const [lead] = leads;
    return noticeEmail(`Assigned to you: ${lead.name}`, [`${assignedBy} assigned a lead to you: ${about(lead)}.`], {
      href: leadUrl(publicUrl, lead.id),
      label: 'Open the lead',
    });
  }
  return leadListEmail(
    `${leads.length} leads assigned to you`,
    `${assignedBy} assigned ${leads.length} leads to you:`,
    leads.map((lead) => ({ line: about(lead), href: leadUrl(publicUrl, lead.id) })),
  );
}
