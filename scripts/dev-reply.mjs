#!/usr/bin/env node
// `npm run dev:reply` (with `make dev` running): the lead answers. Takes the newest message a
// teammate sent a lead from the mail catcher's inbox (maildev's REST API), writes the lead's
// reply to it as a mail client would (In-Reply-To / References, `Re:` its subject, a short
// text over the quoted history, a one-page PDF CV attached) and posts it raw to the API's
// `POST /api/inbound/email` with make dev's secret. The reply appears in the lead's drawer.
//   PORT (3000), MAILDEV_WEB_PORT (1080), INBOUND_EMAIL_SECRET as make dev sets them.
import { pathToFileURL } from 'node:url';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

/** The inbound endpoint's secret under `make dev` (published here: development only). */
export const DEV_INBOUND_EMAIL_SECRET = 'dev-only-inbound-email-secret-not-for-production';
/** The mailbox of the leads' replies under `make dev`. */
export const DEV_REPLY_ADDRESS = 'replies@example.com';

/** The newest e-mail of the catcher that a person sent a lead (no Auto-Submitted: the product's own e-mail carries it). */
export async function newestTeammateMessage(mailInbox) {
  const res = await fetch(`${mailInbox}/api/email`);
  if (!res.ok) throw new Error(`the mail catcher answered ${res.status} at ${mailInbox}/email`);
  const emails = await res.json();
  const sent = emails
    .filter((email) => !email.headers?.['auto-submitted'] && email.headers?.['message-id'])
    .sort((a, b) => new Date(b.date ?? b.time).getTime() - new Date(a.date ?? a.time).getTime());
  return sent[0];
}

/** A one-page PDF, valid enough for any viewer: the lead's CV. */
export function cvPdf(name) {
  const text = `${name} - Curriculum vitae`.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The lead's reply to `message` (maildev's JSON of the teammate's e-mail), raw. */
export function replyTo(message) {
  const lead = message.to?.[0] ?? { address: 'lead@example.com', name: '' };
  const teammate = message.from?.[0] ?? { address: 'team@example.com', name: 'the team' };
  const messageId = message.headers['message-id'];
  const references = String(message.headers.references ?? '')
    .split(/\s+/)
    .filter(Boolean);
  // The form's address carries no name: `grace.hopper@` signs as Grace Hopper.
  const name =
    lead.name ||
    lead.address
      .split('@')[0]
      .split(/[._-]+/)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join(' ');
  const quoted = String(message.text ?? '')
    .trimEnd()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  const sentOn = new Date(message.date ?? Date.now()).toUTCString();
  return new MailComposer({
    date: new Date(),
    from: { name, address: lead.address },
    to: message.replyTo?.[0]?.address ?? message.headers['reply-to'] ?? teammate.address,
    subject: /^re:/i.test(message.subject ?? '') ? message.subject : `Re: ${message.subject ?? ''}`,
    inReplyTo: messageId,
    references: [...references, messageId],
    text: `Hi,\n\nThanks for getting back to me so quickly. Yes, I am still looking, and a call this week works for me:\nThursday or Friday afternoon is best. My CV is attached.\n\nBest regards,\n${name}\n\nOn ${sentOn}, ${teammate.name || teammate.address} wrote:\n${quoted}\n`,
    attachments: [{ filename: `${name.replace(/[^\w.-]+/g, '-')}-CV.pdf`, content: cvPdf(name), contentType: 'application/pdf' }],
  })
    .compile()
    .build();
}

/** Posts the lead's reply to the newest teammate message; the API's answer (`{ stored, leadId? }`). */
export async function sendDevReply({ apiUrl, mailInbox, secret }) {
  const message = await newestTeammateMessage(mailInbox);
  if (!message)
    throw new Error(
      `no message from a teammate to a lead in the mail catcher (${mailInbox}): answer a lead from its drawer first (Reply)`,
    );
  const raw = await replyTo(message);
  const res = await fetch(`${apiUrl}/api/inbound/email`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822' },
    body: raw,
  });
  if (res.status !== 202) throw new Error(`POST /api/inbound/email answered ${res.status}: ${await res.text()}`);
  return { ...(await res.json()), to: message.to?.[0]?.address, subject: message.subject };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  try {
    const result = await sendDevReply({
      apiUrl: `http://127.0.0.1:${env.PORT || 3000}`,
      mailInbox: `http://127.0.0.1:${env.MAILDEV_WEB_PORT || 1080}`,
      secret: env.INBOUND_EMAIL_SECRET || DEV_INBOUND_EMAIL_SECRET,
    });
    console.log(
      result.stored === 1
        ? `[dev:reply] ${result.to} replied to "${result.subject}" (CV attached): open the lead's drawer, http://127.0.0.1:5173/admin?lead=${result.leadId}`
        : `[dev:reply] the API did not store the reply (it matched no lead, or was stored before): ${JSON.stringify(result)}`,
    );
  } catch (error) {
    console.error(`[dev:reply] ${error.message}`);
    process.exitCode = 1;
  }
}
