import { createHmac } from 'node:crypto';

/** The Cal.com webhook's secret on the e2e server (playwright.config.ts sets it). */
export const CALCOM_WEBHOOK_SECRET = 'e2e cal.com webhook secret, 32+ characters long';
/** The Calendly subscription's signing key on the e2e server. */
export const CALENDLY_WEBHOOK_SIGNING_KEY = 'e2e calendly signing key, 32+ characters long';

/** The `X-Cal-Signature-256` Cal.com sends with `body`. */
export function calcomSignature(body: string): string {
  return createHmac('sha256', CALCOM_WEBHOOK_SECRET).update(body).digest('hex');
}
