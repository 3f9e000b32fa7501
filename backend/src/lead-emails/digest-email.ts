import { buttonLink, type EmailContent, emailLayout } from '../mail/email-layout.js';
import { html } from '../mail/html.js';
import { interestLabel, leadUrl, type NewLead } from '../leads/new-lead-email.js';

export type DigestLead = Pick<NewLead, 'id' | 'name' | 'company' | 'interest'>;

/** Leads listed one by one; past that, the counts say how many more came. */
export const DIGEST_LIST_LIMIT = 100;

/**
 * The daily digest: how many leads came in the last 24 hours, by interest, and each of them
 * (name, company, interest, a link to its drawer). `total` counts them all, `leads` lists the
 * first DIGEST_LIST_LIMIT; `followUps` are the follow-ups planned for the reader's day.
 */
export function digestEmail(
  counts: Array<{ interest: string; leads: number }>,
  leads: DigestLead[],
  total: number,
  publicUrl: string,
  followUps: DigestLead[] = [],
  held = 0,
): EmailContent {
  const spamFolder = new URL('/admin?status=spam', publicUrl).href;
  const heldLine = `${held} ${held === 1 ? 'submission was' : 'submissions were'} held as spam.`;
  const subject = `Daily digest: ${total} new ${total === 1 ? 'lead' : 'leads'}`;
  const byInterest = counts.map(({ interest, leads: count }) => ({ label: interestLabel(interest), count }));
  const listed = leads.map((lead) => ({
    line: [lead.name, lead.company, interestLabel(lead.interest)].filter(Boolean).join(' – '),
    link: leadUrl(publicUrl, lead.id),
  }));
  const more = total - leads.length;
  const planned = followUps.map((lead) => ({
    line: [lead.name, lead.company, interestLabel(lead.interest)].filter(Boolean).join(' – '),
    link: leadUrl(publicUrl, lead.id),
  }));
  const text = [
    `${total} new ${total === 1 ? 'lead' : 'leads'} in the last 24 hours:`,
    ...byInterest.map(({ label, count }) => `- ${label}: ${count}`),
    '',
    ...listed.map(({ line, link }) => `${line}\n  ${link}`),
    ...(more > 0 ? [`… and ${more} more: ${new URL('/admin', publicUrl).href}`] : []),
    ...(planned.length > 0 ? ['', "Today's follow-ups:", ...planned.map(({ line, link }) => `${line}\n  ${link}`)] : []),
    '',
    `${heldLine} ${spamFolder}`,
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:20px;margin:0 0 16px;">${subject}</h1>
    <table role="presentation" style="border-collapse:collapse;margin:0 0 20px;">
      ${byInterest.map(
        ({ label, count }) =>
          html`<tr>
            <th style="text-align:left;padding:4px 12px 4px 0;color:#52606d;font-weight:normal;">${label}</th>
            <td style="padding:4px 0;font-weight:bold;">${count}</td>
          </tr>`,
      )}
    </table>
    ${listed.map(
      ({ line, link }) =>
        html`<p style="margin:0 0 12px;">${line}<br /><a href="${link}" style="color:#1d4ed8;">Open the lead</a></p>`,
    )}
    ${more > 0 ? html`<p style="margin:0 0 16px;">… and ${more} more.</p>` : ''}
    <p style="margin:0 0 16px;">${heldLine} <a href="${spamFolder}" style="color:#1d4ed8;">Open the Spam folder</a></p>
    ${planned.length > 0 ? html`<h2 style="font-size:16px;margin:20px 0 12px;">Today's follow-ups</h2>` : ''}
    ${planned.map(
      ({ line, link }) =>
        html`<p style="margin:0 0 12px;">${line}<br /><a href="${link}" style="color:#1d4ed8;">Open the lead</a></p>`,
    )}
    <p style="margin:0;">${buttonLink(new URL('/admin', publicUrl).href, 'Open the inbox')}</p>`;
  return { subject, text, html: emailLayout(subject, body) };
}
