import type { EntityManager } from 'typeorm';
import { storedSessionId } from './hashed-session-store.js';

/**
 * Ends every stored session of an account (but `keepSid`'s, the request's own): their next
 * request finds no session and answers 401. Sessions are few; the table is read whole.
 */
export async function endSessionsOf(manager: EntityManager, userId: string, keepSid?: string): Promise<void> {
  await manager.query(`DELETE FROM user_sessions WHERE sess -> 'user' ->> 'id' = $1 AND sid <> $2`, [
    userId,
    keepSid === undefined ? '' : storedSessionId(keepSid),
  ]);
}
