import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// Base32 without look-alikes' confusion (no 0/1/8/9): 10 characters carry 50 bits, too many
// to guess, so a fast hash (SHA-256) stores them safely.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** `RECOVERY_CODE_COUNT` new codes, as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  const code = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => code().replace(/^(.{5})/, '$1-'));
}

/** How a code is stored: the SHA-256 of its letters (any case, with or without the dash). */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z2-7]/g, ''))
    .digest('hex');
}
