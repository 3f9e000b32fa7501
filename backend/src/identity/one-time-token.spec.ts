import { describe, expect, it } from '@jest/globals';
import { issueToken, parseToken, tokenMatches } from './one-time-token.js';

describe(issueToken.name, () => {
  it('gives a token of a row id and 32 random bytes, and keeps only the SHA-256 of the secret', () => {
    const { id, token, hash } = issueToken();
    const parsed = parseToken(token)!;

    expect(parsed.id).toBe(id);
    expect(Buffer.from(parsed.secret, 'base64url')).toHaveLength(32);
    expect(hash).toHaveLength(32);
    expect(token).not.toContain(hash.toString('hex'));
    expect(tokenMatches(parsed.secret, hash)).toBe(true);
    expect(tokenMatches(`${parsed.secret}x`, hash)).toBe(false);
    expect(issueToken().token).not.toBe(token);
  });

  it('refuses what cannot be a token', () => {
    expect(['', 'x', 'not-a-uuid.secret', `${issueToken().id}.`, `${issueToken().id}.a.b`].map(parseToken)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
