import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

/** The Cal.com webhook's secret on the e2e server (playwright.config.ts sets it). */
export const CALCOM_WEBHOOK_SECRET = 'e2e cal.com webhook secret, 32+ characters long';
/** The Calendly subscription's signing key on the e2e server. */
export const CALENDLY_WEBHOOK_SIGNING_KEY = 'e2e calendly signing key, 32+ characters long';

/** The `X-Cal-Signature-256` Cal.com sends with `body`. */
export function calcomSignature(body: string): string {
  return createHmac('sha256', CALCOM_WEBHOOK_SECRET).update(body).digest('hex');
}

/** A Cal.com booking event for the lead, as Cal.com's webhook posts it. */
export const calcomBooking = (
  triggerEvent: string,
  uid: string,
  leadId: string,
  start: Date,
  extra: Record<string, unknown> = {},
) => ({
  triggerEvent,
  createdAt: new Date().toISOString(),
  payload: {
    uid,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
    location: 'https://meet.example/intro',
    organizer: { email: 'admin@example.com', name: 'Admin', timeZone: 'UTC' },
    attendees: [{ email: 'someone@example.com', name: 'Someone', timeZone: 'UTC' }],
    metadata: { leadId },
    ...extra,
  },
});

/** Posts a Cal.com booking event, signed as Cal.com signs it; fails unless the server stored it. */
export async function postCalcomBooking(request: APIRequestContext, event: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify(event);
  const res = await request.post('/api/integrations/calcom', {
    headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': calcomSignature(body) },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(202);
  expect(((await res.json()) as { stored: number }).stored).toBe(1);
}
