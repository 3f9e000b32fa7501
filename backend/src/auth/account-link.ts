import { GoneException } from '@nestjs/common';
import { type EntityManager, type EntityTarget, IsNull } from 'typeorm';
import { User } from '../identity/user.entity.js';
import { parseToken, tokenMatches } from '../identity/one-time-token.js';

/** A stored one-time link of an account (a password reset, an e-mail change). */
interface AccountLink {
  id: string;
  userId: string;
  tokenHash: Buffer;
  expiresAt: Date;
}

/**
 * The link a token opens, locked for the caller's transaction, with its active account; 410
 * with `gone` for a token that is malformed, unknown, used, expired or of a disabled account.
 */
export async function claimAccountLink<T extends AccountLink>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  token: string,
  now: Date,
  gone: string,
): Promise<{ link: T; user: User }> {
  const parsed = parseToken(token);
  const link = parsed
    ? await manager.findOne<T>(entity, { where: { id: parsed.id } as never, lock: { mode: 'pessimistic_write' } })
    : null;
  const user = link ? await manager.findOneBy(User, { id: link.userId, disabledAt: IsNull() }) : null;
  if (!link || !user || !tokenMatches(parsed!.secret, link.tokenHash) || link.expiresAt <= now) throw new GoneException(gone);
  return { link, user };
}
