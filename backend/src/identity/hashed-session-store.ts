import { createHash } from 'node:crypto';
import session from 'express-session';

/** The key a session is stored under: its id's SHA-256, so a copy of the table opens no session. */
export function storedSessionId(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

type Callback = (err?: unknown, session?: session.SessionData | null) => void;

/**
 * Wraps a session store so that it only ever sees hashed ids: a leaked `user_sessions` table
 * (a backup, a read-only SQL injection) holds no id a cookie could carry.
 */
export class HashedSessionStore extends session.Store {
  constructor(private readonly inner: session.Store & { close(): void }) {
    super();
  }

  get(sid: string, callback: Callback): void {
    this.inner.get(storedSessionId(sid), callback);
  }

  set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.inner.set(storedSessionId(sid), data, callback);
  }

  destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.inner.destroy(storedSessionId(sid), callback);
  }

  override touch(sid: string, data: session.SessionData, callback?: () => void): void {
    this.inner.touch?.(storedSessionId(sid), data, callback);
  }

  close(): void {
    this.inner.close();
  }
}
