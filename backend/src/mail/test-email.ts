import type { EmailContent } from './email-layout.js';
import { emailLayout } from './email-layout.js';
import { html } from './html.js';

/** Settings → "Send a test e-mail": proves SMTP_URL and MAIL_FROM work end to end. */
export function testEmail(publicUrl: string): EmailContent {
  const subject = 'Test e-mail from the lead inbox';
  const text = `E-mail works: this message came through SMTP_URL from ${publicUrl}.\n`;
  const body = html`<p style="margin:0;">E-mail works: this message came through SMTP_URL from ${publicUrl}.</p>`;
  return { subject, text, html: emailLayout(subject, body) };
}
