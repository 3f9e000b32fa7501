import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import pg from 'pg';
import type { Environment } from '../config/environment.js';
import { LIVE_EVENTS_CHANNEL, type LiveEvent, liveEventsOf, type LiveNotice } from '../common/live-event.js';

/** The PostgreSQL channel that the contact_submissions trigger notifies (migration 1796200000000). */
export const LEAD_CREATED_CHANNEL = 'lead_created';
/** After a lost LISTEN connection: the first wait before connecting again, doubled up to the last. */
const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000];

/** A stored lead as `lead.created` announces it: no personal data, who owns it and why (docs/routing.md). */
export type CreatedLead = {
  id: string;
  assigneeId: string | null;
  routing: { rule: string | null; reason: string } | null;
};

/**
 * The one LISTEN connection of this process (outside the request pool, which must not hold
 * a connection forever), whatever the number of open dashboards: each notification of any
 * replica's commit (new leads, and LIVE_EVENTS_CHANNEL's changes) is handed to every subscriber here. A lost connection is opened again
 * with a growing pause; leads stored while it was down are not announced (the dashboard's
 * next refetch shows them anyway).
 */
@Injectable()
export class LeadCreatedListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LeadCreatedListener.name);
  private readonly subscribers = new Set<(event: LiveEvent) => void>();
  private client: pg.Client | undefined;
  private reconnects = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly config: ConfigService<Environment, true>) {}

  onApplicationBootstrap(): Promise<void> {
    return this.connect();
  }

  /** Calls `onEvent` with each live event from now on (a stored lead, a changed lead, …); returns the unsubscribe. */
  subscribe(onEvent: (event: LiveEvent) => void): () => void {
    this.subscribers.add(onEvent);
    return () => this.subscribers.delete(onEvent);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.subscribers.clear();
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.get('DATABASE_URL', { infer: true }) });
    this.client = client;
    client.on('notification', ({ channel, payload }) => this.announce(channel, payload ?? ''));
    client.on('error', (error) => this.logger.warn(`LISTEN connection lost: ${error.message}`));
    client.on('end', () => this.reconnectLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${LEAD_CREATED_CHANNEL}; LISTEN ${LIVE_EVENTS_CHANNEL}`);
      this.reconnects = 0;
    } catch (error) {
      this.logger.warn(`LISTEN ${LEAD_CREATED_CHANNEL} failed: ${String(error)}`);
      await client.end().catch(() => undefined);
      this.reconnectLater(client);
    }
  }

  /** Once per lost client (its 'end' and a failed connect may both report it). */
  private reconnectLater(client: pg.Client): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    const delay = RECONNECT_MS[Math.min(this.reconnects, RECONNECT_MS.length - 1)];
    this.reconnects += 1;
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  /**
   * A `lead_created` payload is a JSON array of `{ id, assigneeId, routing }` (the trigger
   * sends up to 10 per notification; migration 1796800000001), or, from a database not yet
   * migrated that far, the ids comma-separated; a LIVE_EVENTS_CHANNEL payload is a LiveNotice in JSON.
   */
  private announce(channel: string, payload: string): void {
    const events: LiveEvent[] =
      channel === LIVE_EVENTS_CHANNEL
        ? liveEventsOf(JSON.parse(payload) as LiveNotice)
        : payload.startsWith('[')
          ? (JSON.parse(payload) as CreatedLead[]).map((lead) => ({ type: 'lead.created', data: lead }))
          : payload
              .split(',')
              .filter(Boolean)
              .map((id) => ({ type: 'lead.created', data: { id } }));
    for (const event of events) for (const subscriber of this.subscribers) subscriber(event);
  }
}
