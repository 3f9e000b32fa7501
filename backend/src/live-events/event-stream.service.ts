import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { storedSessionId } from '../identity/hashed-session-store.js';
import type { Environment } from '../config/environment.js';
import { METRIC_PREFIX, Metrics } from '../metrics/metrics.service.js';
import { ShutdownState } from '../shutdown/shutdown-state.js';
import { LeadCreatedListener } from './lead-created-listener.service.js';
import { SESSION_LIVE_SQL, sessionLiveParameters } from './session-check.js';

/** How long a browser's EventSource waits before it reconnects after the stream ended. */
const RETRY_MS = 2_000;
/** Open streams per account (in this process): a new one past this closes the oldest. */
export const MAX_STREAMS_PER_USER = 5;
/**
 * The reconnection delay a stream closed for a newer one tells its browser: without it, six
 * open tabs would take turns closing each other every RETRY_MS.
 */
export const EVICTED_RETRY_MS = 60_000;

/**
 * One dashboard's server-sent event stream: `lead.created` with `{ id, assigneeId, routing }` (no personal data)
 * for each lead any replica stores, `lead.updated` `{ id }` for each change of a lead,
 * `lead.erased` `{ ids }`, `team.updated` `{}` when accounts or roles change, and a comment
 * line every EVENTS_HEARTBEAT_MS (25 s), so that proxies and browsers keep an idle stream
 * open. Before each heartbeat the stream checks that its session is still live (any replica
 * may have ended it) and closes if not, so a stream never outlives its session by more than
 * one heartbeat. Ends also when the client leaves, the API drains (SIGTERM) or the account
 * opens a sixth stream; its subscription and timer go with it.
 */
@Injectable()
export class EventStream {
  private readonly logger = new Logger(EventStream.name);
  private readonly heartbeatMs: number;
  /** Each account's open streams, oldest first: how to close each for a newer one. */
  private readonly byUser = new Map<string, Array<() => void>>();
  private readonly openStreams: Gauge;

  constructor(
    private readonly listener: LeadCreatedListener,
    private readonly shutdown: ShutdownState,
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<Environment, true>,
    metrics: Metrics,
  ) {
    this.heartbeatMs = config.get('EVENTS_HEARTBEAT_MS', { infer: true });
    this.openStreams = new Gauge({
      name: `${METRIC_PREFIX}event_streams_open`,
      help: "Dashboards' live event streams open in this process.",
      registers: [metrics.registry],
    });
  }

  open(req: Request, res: Response): void {
    const userId = req.account!.id;
    const storedSid = storedSessionId(req.sessionID);
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
    const heartbeat = setInterval(() => {
      void this.sessionLive(storedSid, userId).then((live) => (live ? res.write(': heartbeat\n\n') : close()));
    }, this.heartbeatMs);
    let closed = false;
    this.openStreams.inc();
    const close = () => {
      if (closed) return;
      closed = true;
      this.openStreams.dec();
      clearInterval(heartbeat);
      unsubscribe();
      untrack();
      this.forget(userId, evict);
      res.end();
    };
    const evict = () => {
      if (!closed) res.write(`retry: ${EVICTED_RETRY_MS}\n\n`);
      close();
    };
    const untrack = this.shutdown.trackStream(close);
    this.remember(userId, evict);
    req.on('close', close);
  }

  /** Live unless the database says otherwise (a failed check keeps the stream: it retries next beat). */
  private async sessionLive(storedSid: string, userId: string): Promise<boolean> {
    try {
      const rows = await this.dataSource.query<unknown[]>(SESSION_LIVE_SQL, sessionLiveParameters(storedSid, userId));
      return rows.length > 0;
    } catch (error) {
      this.logger.warn(`Session check of an event stream failed: ${String(error)}`);
      return true;
    }
  }

  private remember(userId: string, evict: () => void): void {
    this.byUser.set(userId, [...(this.byUser.get(userId) ?? []), evict]);
    // Closing one takes it out of the map (forget), so read the list afresh each time.
    for (let open = this.byUser.get(userId)!; open.length > MAX_STREAMS_PER_USER; open = this.byUser.get(userId)!) open[0]();
  }

  private forget(userId: string, evict: () => void): void {
    const streams = (this.byUser.get(userId) ?? []).filter((other) => other !== evict);
    if (streams.length > 0) this.byUser.set(userId, streams);
    else this.byUser.delete(userId);
  }
}
