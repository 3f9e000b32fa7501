import { DEV_ADMIN, DEV_SESSION_SECRET } from './development-secrets.js';

/**
 * Rough entropy of a secret in bits: its length times the Shannon entropy of its own
 * characters. It catches repeats and tiny alphabets (`aaaa…`, spaces, `abab…`); dictionary
 * phrases are the common-password list's job. Random output of `openssl rand -base64 32`
 * scores about 200.
 */
export function estimatedEntropyBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    perChar -= p * Math.log2(p);
  }
  return chars.length * perChar;
}

/** Sample values and the development defaults: published, so never a production secret. */
export function isPlaceholder(secret: string): boolean {
  const folded = secret.trim().toLowerCase();
  return (
    // .env.example's former values, and k8s/secret.example.yaml's.
    /^(change[-_ ]?me|replace[-_ ]?with)/.test(folded) || folded === DEV_ADMIN.password || folded === DEV_SESSION_SECRET
  );
}

// Words at the root of the passwords leaked most often (lists such as SecLists' top
// 10,000); with digits or symbols tacked on, or repeated, they are still guessed first.
const COMMON_WORDS = [
  'password',
  'passw0rd',
  'p@ssw0rd',
  'admin',
  'administrator',
  'qwerty',
  'qwertyuiop',
  'asdfghjkl',
  'azerty',
  'letmein',
  'welcome',
  'iloveyou',
  'changeme',
  'secret',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'master',
  'superman',
  'trustno1',
  'starwars',
  'whatever',
  'abc',
  'abcdef',
  'qazwsx',
  '1q2w3e4r',
  '1qaz2wsx',
];

/** A password built from one of the most leaked ones, or a run such as `123456789012`. */
export function isCommonPassword(password: string): boolean {
  const folded = password.trim().toLowerCase();
  if (/^\d+$/.test(folded)) return true;
  // Strip what people append or prepend (`Password1234!`, `!!admin2024`).
  const core = folded.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  return COMMON_WORDS.some((word) => core === word || (core.length > 0 && core === word.repeat(core.length / word.length)));
}

const MIN_SESSION_SECRET_BITS = 128;
const MIN_ADMIN_PASSWORD_BITS = 36;

/** Why `SESSION_SECRET` is not fit for production, or null when it is. */
export function sessionSecretProblem(secret: string): string | null {
  if (isPlaceholder(secret)) return 'SESSION_SECRET is a placeholder or development value';
  if (secret.length < 32) return 'SESSION_SECRET must be at least 32 characters';
  if (estimatedEntropyBits(secret) < MIN_SESSION_SECRET_BITS)
    return 'SESSION_SECRET is too predictable (under 128 bits of entropy)';
  return null;
}

export const MIN_PASSWORD_LENGTH = 12;

/**
 * Why a password is not fit (the production rules of `ADMIN_PASSWORD`, which every account's
 * new password follows too), its sentence starting with `name`; null when it is fit.
 */
export function passwordProblem(password: string, name: string): string | null {
  if (isPlaceholder(password)) return `${name} is a placeholder or development value`;
  if (password.length < MIN_PASSWORD_LENGTH) return `${name} must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (isCommonPassword(password)) return `${name} is a common password`;
  if (estimatedEntropyBits(password) < MIN_ADMIN_PASSWORD_BITS) return `${name} is too predictable (repeated characters)`;
  return null;
}

/** Why `ADMIN_PASSWORD` is not fit for production, or null when it is. */
export function adminPasswordProblem(password: string): string | null {
  return passwordProblem(password, 'ADMIN_PASSWORD');
}
