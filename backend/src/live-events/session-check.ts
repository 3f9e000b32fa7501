import { SESSION_ABSOLUTE_MS } from '../identity/session-user.js';

/**
 * One query: is this stored session (hashed id) still live, for this account, and the account
 * still active? False once it was signed out, ended from another device, ended by a password
 * change or a disable, or past its idle or absolute lifetime.
 */
export const SESSION_LIVE_SQL = `
  SELECT 1 FROM user_sessions s JOIN users u ON u.id = $2
   WHERE s.sid = $1 AND s.expire > now() AND s.sess -> 'user' ->> 'id' = $2::text
     AND (s.sess ->> 'signedInAt')::bigint > $3 AND u.disabled_at IS NULL`;

export const sessionLiveParameters = (storedSid: string, userId: string, now = Date.now()) => [
  storedSid,
  userId,
  now - SESSION_ABSOLUTE_MS,
];
