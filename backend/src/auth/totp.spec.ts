import { describe, expect, it } from '@jest/globals';
import { Secret } from 'otpauth';
import { newTotpSecret, otpauthUrl, totpCode, totpStep } from './totp.js';

// RFC 6238, appendix B: the SHA-1 seed is the ASCII string "12345678901234567890"; its
// 8-digit codes, of which a 6-digit code is the last six digits (RFC 4226's truncation).
const RFC_SEED = Secret.fromLatin1('12345678901234567890').base32;
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  it.each(RFC_VECTORS)('gives the RFC test vector at T = %i s', (seconds, eightDigits) => {
    expect(totpCode(RFC_SEED, seconds * 1000)).toBe(eightDigits.slice(-6));
  });

  it('names the step a code belongs to, allowing one step of drift either way', () => {
    const secret = newTotpSecret();
    const at = 1_700_000_000_000;
    const step = Math.floor(at / 30_000);
    expect(totpStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(totpStep(secret, totpCode(secret, at - 30_000), at)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, at + 30_000), at)).toBe(step + 1);
    expect(totpStep(secret, totpCode(secret, at - 60_000), at)).toBeNull();
    expect(totpStep(secret, 'abcdef', at)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URL authenticator apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl(secret, 'alice'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ secret, algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
