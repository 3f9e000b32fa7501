import { html, type SafeHtml } from './html.js';

/** An e-mail as the transport sends it: both parts, written from one template. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The sender's display name, in place of MAIL_FROM's (the address stays MAIL_FROM's). */
  fromName?: string;
}

/**
 * The HTML part's frame: inline styles only (mail clients drop <style> and external
 * sheets), no images, one column that reads on a phone.
 */
export function emailLayout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
        <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;">${body}</div>
      </body>
    </html>`.value;
}

/** A link styled as a button (a plain <a>: every client follows it). */
export function buttonLink(href: string, label: string): SafeHtml {
  return html`<a
    href="${href}"
    style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;"
    >${label}</a
  >`;
}

/**
 * A short e-mail to a teammate: a few paragraphs and one link, in both parts. For e-mails
 * whose text is ours (an invitation, a reset link, an assignment) but may hold a lead's name:
 * every paragraph is escaped in the HTML part.
 */
export function noticeEmail(subject: string, paragraphs: string[], link: { href: string; label: string }): EmailContent {
  const text = [...paragraphs, `${link.label}: ${link.href}`, ''].join('\n\n');
  const body = html`<h1 style="font-size:20px;margin:0 0 16px;">${subject}</h1>
    ${paragraphs.map((paragraph) => html`<p style="margin:0 0 16px;white-space:pre-wrap;">${paragraph}</p>`)}
    <p style="margin:0;">${buttonLink(link.href, link.label)}</p>`;
  return { subject, text, html: emailLayout(subject, body) };
}

/**
 * A teammate's e-mail about several leads: a paragraph, then each lead's line (escaped in
 * the HTML part) and the link to its drawer.
 */
export function leadListEmail(subject: string, intro: string, leads: Array<{ line: string; href: string }>): EmailContent {
  const text = [intro, '', ...leads.map(({ line, href }) => `${line}\n  ${href}`), ''].join('\n');
  const body = html`<h1 style="font-size:20px;margin:0 0 16px;">${subject}</h1>
    <p style="margin:0 0 16px;">${intro}</p>
    ${leads.map(
      ({ line, href }) =>
        html`<p style="margin:0 0 12px;">${line}<br /><a href="${href}" style="color:#1d4ed8;">Open the lead</a></p>`,
    )}`;
  return { subject, text, html: emailLayout(subject, body) };
}
