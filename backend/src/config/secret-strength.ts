import { commonPasswords } from './common-passwords.js';
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

/** `core` itself, or the shortest unit it repeats (`adminadmin` → `admin`). */
function repeatedUnit(core: string): string {
  for (let size = 1; size <= core.length / 2; size += 1) {
    if (core.length % size === 0 && core === core.slice(0, size).repeat(core.length / size)) return core.slice(0, size);
  }
  return core;
}

/**
 * A password of the common-password list (see common-passwords.ts), or one of them with digits
 * or symbols tacked on or repeated (`Summer2025!!`, `!!letmein2025`, `adminadminadmin`),
 * or a run of digits: the variations that guessing tools try first.
 */
export function isCommonPassword(password: string): boolean {
  const folded = password.trim().toLowerCase();
  if (/^\d+$/.test(folded)) return true;
  const list = commonPasswords();
  // Strip what people append or prepend.
  const core = folded.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  return [folded, core, repeatedUnit(core)].some((candidate) => candidate.length > 0 && list.has(candidate));
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
 * The production rules of `ADMIN_PASSWORD`, which every account's new password follows too:
 * each a test that fails and the sentence, starting with the field's `name`, that says so.
 */
export const PASSWORD_RULES: ReadonlyArray<{
  id: string;
  fails: (password: string) => boolean;
  message: (name: string) => string;
}> = [
  { id: 'placeholder', fails: isPlaceholder, message: (name) => `${name} is a placeholder or development value` },
  {
    id: 'minLength',
    fails: (password) => password.length < MIN_PASSWORD_LENGTH,
    message: (name) => `${name} must be at least ${MIN_PASSWORD_LENGTH} characters`,
  },
  {
    id: 'predictable',
    fails: (password) => estimatedEntropyBits(password) < MIN_ADMIN_PASSWORD_BITS,
    message: (name) => `${name} is too predictable (repeated characters)`,
  },
  { id: 'common', fails: isCommonPassword, message: (name) => `${name} is a common password` },
];

/** Every rule a password breaks, each sentence starting with `name`; empty when it is fit. */
export function passwordProblems(password: string, name: string): string[] {
  return PASSWORD_RULES.filter((rule) => rule.fails(password)).map((rule) => rule.message(name));
}

/** The first rule a password breaks (the start-up check of `ADMIN_PASSWORD`), or null when it is fit. */
export function passwordProblem(password: string, name: string): string | null {
  return passwordProblems(password, name)[0] ?? null;
}

/** Whose password it is: a password must not contain these (guessers try them first). */
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
}

/** Names shorter than this are too common as parts of words to be refused inside a password. */
const MIN_NAME_PART = 3;

/**
 * Every rule a password breaks for this account: not containing the username or the e-mail
 * address's local part (in any case), then the rules of `passwordProblems`; empty when fit.
 */
export function accountPasswordProblems(password: string, name: string, owner: PasswordOwner): string[] {
  const folded = password.toLowerCase();
  const contains = (part: string | null | undefined) =>
    part !== undefined && part !== null && part.trim().length >= MIN_NAME_PART && folded.includes(part.trim().toLowerCase());
  const named: string[] = [];
  if (contains(owner.username)) named.push(`${name} must not contain the username`);
  if (contains(owner.email?.split('@')[0])) named.push(`${name} must not contain the e-mail address's name (before the @)`);
  return [...named, ...passwordProblems(password, name)];
}

/** The first rule a password breaks for this account, or null when it is fit. */
export function accountPasswordProblem(password: string, name: string, owner: PasswordOwner): string | null {
  return accountPasswordProblems(password, name, owner)[0] ?? null;
}

/** Why `ADMIN_PASSWORD` is not fit for production, or null when it is. */
export function adminPasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  return accountPasswordProblem(password, 'ADMIN_PASSWORD', owner);
}
