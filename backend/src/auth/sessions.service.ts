import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SessionDto } from './dto/session.dto.js';
import { storedSessionId } from '../identity/hashed-session-store.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../identity/session-user.js';

/**
 * The id a session is shown under: the first half of its stored key (itself the SHA-256 of
 * the cookie's id), so it names the session but no cookie can be made from it.
 */
export const PUBLIC_ID_LENGTH = 32;
export const publicSessionId = (sid: string) => storedSessionId(sid).slice(0, PUBLIC_ID_LENGTH);

interface SessionRow {
  sid: string;
  sess: { signedInAt?: number; client?: { ip: string; userAgent: string } };
  expire: Date;
}

/** A person's own sessions (user_sessions, see session.middleware.ts): listed and ended one by one. */
@Injectable()
export class SessionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The live sessions of `userId`, newest first; `currentSid` is the request's own. */
  async list(userId: string, currentSid: string): Promise<SessionDto[]> {
    const rows = await this.dataSource.query<SessionRow[]>(
      `SELECT sid, sess, expire FROM user_sessions
        WHERE sess -> 'user' ->> 'id' = $1 AND expire > now() AND (sess ->> 'signedInAt')::bigint > $2
        ORDER BY (sess ->> 'signedInAt')::bigint DESC`,
      [userId, Date.now() - SESSION_ABSOLUTE_MS],
    );
    const current = storedSessionId(currentSid);
    return rows.map(({ sid, sess, expire }) => ({
      id: sid.slice(0, PUBLIC_ID_LENGTH),
      current: sid === current,
      createdAt: new Date(sess.signedInAt ?? 0).toISOString(),
      // Each request pushes the expiry one idle period ahead (rolling sessions).
      lastSeenAt: new Date(expire.getTime() - SESSION_IDLE_MS).toISOString(),
      ip: sess.client?.ip ?? null,
      userAgent: sess.client?.userAgent ?? null,
    }));
  }

  /** Ends one of `userId`'s sessions; 404 for an id that is not one of theirs. */
  async end(userId: string, id: string): Promise<void> {
    const [, affected] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM user_sessions WHERE sess -> 'user' ->> 'id' = $1 AND left(sid, $3) = $2`,
      [userId, id, PUBLIC_ID_LENGTH],
    );
    if (!affected) throw new NotFoundException('No session of yours has this id');
  }
}
