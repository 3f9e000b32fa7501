import { promisify } from 'node:util';
import type { Request } from 'express';
import type { Role } from './roles.js';

/** What a session holds: the account it signed in. */
export interface SessionUser {
  id: string;
  username: string;
}

/** The signed-in account as AccessGuard reads it on each request (`@CurrentUser()`). */
export interface Account extends SessionUser {
  displayName: string;
  email: string | null;
  role: Role;
}

declare module 'express' {
  interface Request {
    account?: Account;
  }
}

declare module 'express-session' {
  interface SessionData {
    user: SessionUser;
    /** When the user signed in (ms since epoch): sessions end this long after, active or not. */
    signedInAt: number;
    /** Where the session was started, shown in the owner's list of sessions. */
    client: { ip: string; userAgent: string };
  }
}

/** Name of the session cookie. */
export const SESSION_COOKIE = 'sid';

/** Idle timeout: the cookie and the stored session are extended on each request. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Absolute lifetime of a session, however active. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/**
 * A cookie scripts can read that says only "a session was started here" (it opens nothing):
 * the SPA asks `/api/auth/me` only when it is present, so a visitor who never signed in
 * never meets the 401 (which browsers log as a console error).
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

function hintCookieOptions(req: Request) {
  return { path: '/', sameSite: 'lax' as const, secure: req.secure };
}

/** The User-Agent header as stored (bounded: it is the client's to choose). */
export function clientUserAgent(req: Request): string {
  return (req.get('user-agent') ?? '').slice(0, 512);
}

/** The request's address and browser, for a security notice. */
export function requestClient(req: Request): { ip: string; userAgent: string } {
  return { ip: req.ip ?? '', userAgent: clientUserAgent(req) };
}

/** A new session id (no fixation) holding the signed-in user. */
export async function startSession(req: Request, user: SessionUser): Promise<void> {
  await promisify(req.session.regenerate.bind(req.session))();
  req.session.user = user;
  req.session.signedInAt = Date.now();
  req.session.client = { ip: req.ip ?? '', userAgent: clientUserAgent(req) };
  await promisify(req.session.save.bind(req.session))();
  req.res?.cookie(SIGNED_IN_HINT_COOKIE, '1', { ...hintCookieOptions(req), maxAge: SESSION_ABSOLUTE_MS });
}

/** Ends the session server-side (the stored row is deleted) and drops its cookie in the browser. */
export async function endSession(req: Request): Promise<void> {
  // The same attributes as the cookie that was set, or the browser keeps that one.
  const { path, httpOnly, sameSite, secure } = req.session.cookie;
  await promisify(req.session.destroy.bind(req.session))();
  req.res?.clearCookie(SESSION_COOKIE, { path, httpOnly, sameSite, secure: secure === true });
  req.res?.clearCookie(SIGNED_IN_HINT_COOKIE, hintCookieOptions(req));
}
