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
 * The link a token opens, with its active account; 410 with `gone` for a token that is
 * malformed, unknown, used, voided, expired or of a disabled account.
 *
 * With `lock` (to use the link) the account's row is locked first, then the link's, the order
 * every change of the account takes (identity/account-links.ts): a link that a password
 * change, an e-mail change or disabling voided meanwhile is found gone, and no two
 * transactions wait for each other's locks. Without it (to show what the link is for), nothing
 * is locked.
 */
export async function openAccountLink<T extends AccountLink>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  token: string,
  now: Date,
  gone: string,
  { lock }: { lock: boolean },
): Promise<{ link: T; user: User }> {
  const parsed = parseToken(token);
  const byId = { where: { id: parsed?.id } as never };
  const lockMode = lock ? { mode: 'pessimistic_write' as const } : undefined;
  // Unlocked: only to learn whose link it is.
  let link = parsed ? await manager.findOne<T>(entity, byId) : null;
  const user = link ? await manager.findOne(User, { where: { id: link.userId, disabledAt: IsNull() }, lock: lockMode }) : null;
  // Read again, locked, once the account is: a change committed while we waited has deleted it.
  if (user && lock) link = await manager.findOne<T>(entity, { ...byId, lock: lockMode });
  if (!link || !user || !tokenMatches(parsed!.secret, link.tokenHash) || link.expiresAt <= now) throw new GoneException(gone);
  return { link, user };
}
