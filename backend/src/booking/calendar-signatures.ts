import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a Calendly signature may be (its `t`), against replays of a captured request. */
export const CALENDLY_MAX_AGE_SECONDS = 180;

const HEX = /^[0-9a-f]+$/i;

/** `given` (hex) equals the HMAC-SHA256 of `message` with `secret`, compared in constant time. */
function hmacMatches(secret: string, message: Buffer, given: string): boolean {
  const expected = createHmac('sha256', secret).update(message).digest();
  if (!HEX.test(given) || given.length !== expected.length * 2) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** Cal.com's `X-Cal-Signature-256`: the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function calcomSignatureValid(secret: string, raw: Buffer, header: string | undefined): boolean {
  return header !== undefined && hmacMatches(secret, raw, header.trim());
}

/**
 * Calendly's `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex>`: the HMAC-SHA256 of
 * `<t>.<raw body>` with the subscription's signing key, made at most three minutes before
 * `now` (and not in the future beyond that, for clocks a little apart).
 */
export function calendlySignatureValid(key: string, raw: Buffer, header: string | undefined, now: Date): boolean {
  if (header === undefined) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || !v1) return false;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > CALENDLY_MAX_AGE_SECONDS) return false;
  return hmacMatches(key, Buffer.concat([Buffer.from(`${t}.`), raw]), v1);
}
