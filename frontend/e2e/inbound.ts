/** The bearer secret of `POST /api/inbound/email` on the e2e server (playwright.config.ts sets it). */
export const INBOUND_EMAIL_SECRET = 'e2e inbound secret, at least 32 characters long';
/** The mailbox the leads' replies go to (Reply-To: replies+<token>@…). */
export const REPLY_ADDRESS = 'replies@example.com';
