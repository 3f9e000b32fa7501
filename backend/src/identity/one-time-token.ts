import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The one-time tokens of invitations and password resets: `<row id>.<secret>`, the secret
 * 32 random bytes (base64url). Only the secret's SHA-256 is stored; the row is found by its
 * id and the secret compared in constant time, so neither a copy of the table nor the time
 * an answer takes tells anything about a token.
 */
export interface IssuedToken {
  id: string;
  token: string;
  hash: Buffer;
}

const SECRET_BYTES = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function issueToken(): IssuedToken {
  const id = randomUUID();
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { id, token: `${id}.${secret}`, hash: sha256(secret) };
}

/** The row id and secret of a token, or null when it cannot be one of ours. */
export function parseToken(token: string): { id: string; secret: string } | null {
  const [id, secret, ...rest] = token.split('.');
  return rest.length === 0 && UUID.test(id) && secret ? { id, secret } : null;
}

export function tokenMatches(secret: string, storedHash: Buffer): boolean {
  const hash = sha256(secret);
  return storedHash.length === hash.length && timingSafeEqual(hash, storedHash);
}
