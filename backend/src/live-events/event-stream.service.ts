import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request, Response } from 'express';
import type { Environment } from '../config/environment.js';
import { ShutdownState } from '../shutdown/shutdown-state.js';
import { LeadCreatedListener } from './lead-created-listener.service.js';

/** How long a browser's EventSource waits before it reconnects after the stream ended. */
const RETRY_MS = 2_000;

/**
 * One dashboard's server-sent event stream: `lead.created` with `{ id }` (no personal data)
 * for each lead any replica stores, `lead.updated` `{ id }` for each change of a lead,
 * `lead.erased` `{ ids }`, `team.updated` `{}` when accounts or roles change, and a comment line every EVENTS_HEARTBEAT_MS (25 s), so
 * that proxies and browsers keep an idle stream open. Ends when the client leaves or the
 * API drains (SIGTERM); either way its subscription and timer go with it.
 */
@Injectable()
export class EventStream {
  private readonly heartbeatMs: number;

  constructor(
    private readonly listener: LeadCreatedListener,
    private readonly shutdown: ShutdownState,
    config: ConfigService<Environment, true>,
  ) {
    this.heartbeatMs = config.get('EVENTS_HEARTBEAT_MS', { infer: true });
  }

  open(req: Request, res: Response): void {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    // nginx passes this answer on as it comes rather than buffering it (also set in its config).
    res.setHeader('X-Accel-Buffering', 'no');
    // A stream's connection is not reused: once the stream ends (the drain), the socket goes too.
    res.setHeader('Connection', 'close');
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n\n`);

    const unsubscribe = this.listener.subscribe(({ type, data }) => {
      res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), this.heartbeatMs);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      untrack();
      res.end();
    };
    const untrack = this.shutdown.trackStream(close);
    req.on('close', close);
  }
}
