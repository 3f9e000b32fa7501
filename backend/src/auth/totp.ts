import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: HMAC-SHA-1, 6 digits, 30-second steps. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Recruiting dashboard';
/** A code of the previous or the next step is accepted too (clocks drift). */
const DRIFT_STEPS = 1;

/** A new random secret (160 bits, RFC 4226's recommended size), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URL an authenticator app scans (as a QR code) or takes typed in. */
export function otpauthUrl(secret: string, account: string): string {
  return new TOTP({ issuer: TOTP_ISSUER, label: account, secret: Secret.fromBase32(secret), ...TOTP_SETTINGS }).toString();
}

/** The code of `secret` at `timestamp` (ms). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp, ...TOTP_SETTINGS });
}

/** The time step whose code `code` is (within the drift allowed), or null when it is none. */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp,
    window: DRIFT_STEPS,
    ...TOTP_SETTINGS,
  });
  return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp }) + delta;
}
