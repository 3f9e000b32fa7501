import { type EmailContent, noticeEmail } from '../mail/email-layout.js';
import { interestLabel, leadUrl, type NewLead } from '../leads/new-lead-email.js';

/** "Assigned to you: <name>" to the teammate someone else gave a lead to, with the link to its drawer. */
export function assignedEmail(
  lead: Pick<NewLead, 'id' | 'name' | 'company' | 'interest'>,
  assignedBy: string,
  publicUrl: string,
): EmailContent {
  const about = [lead.name, lead.company, interestLabel(lead.interest)].filter(Boolean).join(', ');
  return noticeEmail(`Assigned to you: ${lead.name}`, [`${assignedBy} assigned a lead to you: ${about}.`], {
    href: leadUrl(publicUrl, lead.id),
    label: 'Open the lead',
  });
}
