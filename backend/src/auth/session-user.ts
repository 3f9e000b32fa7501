import type { Request } from 'express';

export interface SessionUser {
  id: string;
  username: string;
}

declare module 'express-session' {
  interface SessionData {
    user: SessionUser;
    /** When the admin signed in (ms since epoch): sessions end this long after, active or not. */
    signedInAt: number;
  }
}

/** Idle timeout: the cookie and the stored session are extended on each request. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Absolute lifetime of a session, however active. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/** A new session id (no fixation) holding the signed-in user. */
export function startSession(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((error) => {
      if (error) return reject(error);
      req.session.user = user;
      req.session.signedInAt = Date.now();
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    }),
  );
}

/** Ends the session server-side (the stored row is deleted). */
export function endSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}
