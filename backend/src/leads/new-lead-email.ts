import type { ContactSubmission } from './contact-submission.entity.js';
import { INTERESTS } from './contact-rules.js';
import { buttonLink, type EmailContent, emailLayout } from '../mail/email-layout.js';
import { html } from '../mail/html.js';

export type NewLead = Pick<ContactSubmission, 'id' | 'name' | 'email' | 'linkedin' | 'company' | 'interest' | 'comments'>;

export function interestLabel(interest: string): string {
  return INTERESTS.find((known) => known.value === interest)?.label ?? interest;
}

/** The link that opens the lead's drawer in the dashboard. */
export function leadUrl(publicUrl: string, id: string): string {
  return new URL(`/admin?lead=${encodeURIComponent(id)}`, publicUrl).href;
}

/**
 * "New lead: <name> – <interest label>" to the team, or "Returning lead: …" to the owner of
 * the person's earlier lead (`returning`): the lead's fields, a link to its drawer, Reply-To
 * the lead (a reply from the mail client goes to the person who wrote).
 */
export function newLeadEmail(lead: NewLead, publicUrl: string, returning = false): EmailContent {
  const kind = returning ? 'Returning lead' : 'New lead';
  const interest = interestLabel(lead.interest);
  const link = leadUrl(publicUrl, lead.id);
  const fields: Array<[string, string | null]> = [
    ['Name', lead.name],
    ['E-mail', lead.email],
    ['Company', lead.company],
    ['LinkedIn', lead.linkedin],
    ['Interest', interest],
    ['Comments', lead.comments],
  ];
  const given = fields.filter((field): field is [string, string] => Boolean(field[1]));
  const subject = `${kind}: ${lead.name} – ${interest}`;
  const text = [
    returning ? `${lead.name} wrote again; the lead is yours, as their earlier one.` : `${lead.name} sent the contact form.`,
    '',
    ...given.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open the lead: ${link}`,
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:20px;margin:0 0 16px;">${kind}: ${lead.name}</h1>
    <table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 20px;">
      ${given.map(
        ([label, value]) =>
          html`<tr>
            <th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;color:#52606d;font-weight:normal;">${label}</th>
            <td style="padding:4px 0;white-space:pre-wrap;">${value}</td>
          </tr>`,
      )}
    </table>
    <p style="margin:0;">${buttonLink(link, 'Open the lead')}</p>`;
  return { subject, text, html: emailLayout(subject, body), replyTo: lead.email };
}
