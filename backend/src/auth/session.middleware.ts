import { Injectable, type NestMiddleware, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { DEV_SESSION_SECRET } from '../config/development-secrets.js';
import type { Environment } from '../config/environment.js';
import { HashedSessionStore } from '../identity/hashed-session-store.js';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../identity/session-user.js';

/**
 * Cookie sessions stored in PostgreSQL (table user_sessions), so every API replica knows
 * every session. The store uses the app's own connection pool and sees only hashed ids.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware, OnModuleDestroy {
  private readonly store: HashedSessionStore;
  private readonly handler: RequestHandler;

  constructor(@InjectDataSource() dataSource: DataSource, config: ConfigService<Environment, true>) {
    const PgStore = connectPgSimple(session);
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    this.store = new HashedSessionStore(
      new PgStore({ pool, tableName: 'user_sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 }),
    );
    const production = config.get('NODE_ENV', { infer: true }) === 'production';
    this.handler = session({
      name: SESSION_COOKIE,
      store: this.store,
      secret: config.get('SESSION_SECRET', { infer: true }) ?? DEV_SESSION_SECRET,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        // 'auto': Secure whenever the request came over HTTPS (as told by the trusted proxy).
        secure: production ? 'auto' : false,
        maxAge: SESSION_IDLE_MS,
      },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.handler(req, res, next);
  }

  onModuleDestroy(): void {
    this.store.close();
  }
}
