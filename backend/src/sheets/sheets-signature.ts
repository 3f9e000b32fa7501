import { createHmac } from 'node:crypto';

/**
 * The signature of one request: HMAC-SHA256, keyed with SHEETS_WEBHOOK_SECRET, over
 * `<delivery id>.<timestamp>.<body>`, in lowercase hex. Spreadsheet web-scripts cannot read
 * request headers, so it travels in the query string (see signedUrl and docs/sheets-webhook.gs).
 */
export function sign(secret: string, deliveryId: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${deliveryId}.${timestamp}.${body}`).digest('hex');
}

/** The endpoint URL with `delivery`, `timestamp` (Unix seconds) and `signature` added to its query. */
export function signedUrl(url: string, secret: string, deliveryId: string, timestamp: number, body: string): string {
  const signed = new URL(url);
  signed.searchParams.set('delivery', deliveryId);
  signed.searchParams.set('timestamp', String(timestamp));
  signed.searchParams.set('signature', sign(secret, deliveryId, timestamp, body));
  return signed.toString();
}
