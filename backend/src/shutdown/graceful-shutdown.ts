import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { ShutdownState } from './shutdown-state.js';

/** The whole stop, whatever clients do, stays under Kubernetes' default 30 s grace period. */
export const EXIT_DEADLINE_MS = 24_000;
/** Requests still open this long after the listener closed are cut (a stalled upload, say). */
const FORCE_CLOSE_AFTER_MS = 12_000;

/**
 * Once draining, every answer says `Connection: close`, so the proxies open new connections
 * (to another replica once this one stops listening) instead of reusing this one.
 */
export function connectionCloseWhileDraining(state: ShutdownState) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    if (state.draining) res.setHeader('Connection', 'close');
    next();
  };
}

/**
 * SIGTERM/SIGINT: readiness turns 503 at once; the API keeps serving for `delayMs` while
 * the proxies notice; then it stops listening, closes idle keep-alive connections, ends the
 * open event streams, lets the requests in flight finish, cuts the stragglers, stops the
 * app, and exits. A timer makes sure the process is gone within EXIT_DEADLINE_MS in any case.
 */
export function drainOnSignals(app: NestExpressApplication, delayMs: number): void {
  const logger = new Logger('Shutdown');
  const state = app.get(ShutdownState);
  const drain = async (signal: NodeJS.Signals) => {
    if (state.draining) return;
    state.draining = true;
    setTimeout(() => {
      logger.error(`still running ${EXIT_DEADLINE_MS} ms after ${signal}: exiting now`);
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    logger.log(`${signal}: not ready any more; serving ${delayMs} ms more while the proxies notice`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));

    const server: Server = app.getHttpServer();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    // Event streams never finish by themselves: ended now, their clients reconnect elsewhere.
    state.endStreams();
    const force = setTimeout(() => {
      logger.warn('closing the connections of requests still unfinished');
      server.closeAllConnections();
    }, FORCE_CLOSE_AFTER_MS);
    force.unref();
    await closed;
    clearTimeout(force);
    await app.close();
    logger.log('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (received) => void drain(received));
}
