import type { ContactSubmission } from './contact-submission.entity.js';
import { INTERESTS } from './contact-rules.js';
import { buttonLink, type EmailContent, emailLayout } from '../mail/email-layout.js';
import { escapeHtml, html } from '../mail/html.js';

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

/** Why routing gave a lead to its assignee, as their new-lead e-mail says it. */
export type LeadRouting = { rule: string | null; reason: string };

/** "Assigned to you by the rule Partnerships, round robin." (or "by the fallback, …"). */
export function routingSentence(routing: LeadRouting): string {
  const by = routing.rule === null ? 'the fallback' : `the rule ${routing.rule}`;
  return `Assigned to you by ${by}, ${routing.reason}.`;
}

/** routingSentence in SQL, of the jsonb `routing` (the intake's statement renders it there: it alone routes). */
export const routingSentenceSql = (routing: string) =>
  `'Assigned to you by ' || coalesce('the rule ' || (${routing}->>'rule'), 'the fallback') || ', ' || (${routing}->>'reason') || '.'`;

// The rule's name is an admin's text: escaped like every value in an e-mail.
const escapedSql = (text: string) =>
  `replace(replace(replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
const ROUTING_PARAGRAPH = '<p style="margin:0 0 16px;">';

/**
 * The assignee's copy of a routed lead's e-mail (SQL of its text and html, and of `routing`):
 * the routing sentence first in the text, and under the heading in the html (its first
 * `</h1>` is ours: every value a visitor typed is escaped).
 */
export function withRoutingSql(text: string, htmlBody: string, routing: string): { text: string; html: string } {
  const sentence = routingSentenceSql(routing);
  return {
    text: `${sentence} || E'\\n\\n' || ${text}`,
    html: `overlay(${htmlBody} placing '</h1>${ROUTING_PARAGRAPH}' || ${escapedSql(sentence)} || '</p>' from strpos(${htmlBody}, '</h1>') for 5)`,
  };
}

/** The same for an e-mail rendered here (a released lead's). */
export function withRouting(email: EmailContent, routing: LeadRouting): EmailContent {
  const sentence = routingSentence(routing);
  const at = email.html.indexOf('</h1>') + '</h1>'.length;
  return {
    ...email,
    text: `${sentence}\n\n${email.text}`,
    html: `${email.html.slice(0, at)}${ROUTING_PARAGRAPH}${escapeHtml(sentence)}</p>${email.html.slice(at)}`,
  };
}
