import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 24 random bytes (docs/integrations.md, "Outgoing webhooks"). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/**
 * The Standard Webhooks headers of one request: `webhook-signature` is `v1,` + base64 of the
 * HMAC-SHA256, keyed with the secret's decoded bytes, of `<id>.<timestamp>.<body>`. The id is
 * the delivery's, the same on every retry, so a receiver can drop what it has seen.
 */
export function standardWebhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
