import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { type NewDelivery, queueDeliveries } from '../deliveries/queue-delivery.js';
import { LeadEvents, type LeadMessageEvent } from '../leads/lead-events.service.js';
import { queueLeadCreatedSql, WEBHOOK_CHANNEL } from './webhook-payload.sql.js';
import type { WebhookEvent } from './webhook-endpoint.entity.js';

/** The Standard Webhooks body of an event. */
export const standardBody = (type: string, data: unknown) => ({ type, timestamp: new Date().toISOString(), data });

/**
 * How features tell the webhooks what happened: queues the event, in the caller's transaction,
 * for each active `standard` endpoint that takes it (`slack` endpoints take `lead.created`
 * only, docs/integrations.md). The webhooks' channel of the lead's events: `lead.created` in the intake's one
 * statement and on release (webhook-payload.sql.ts), `lead.updated` for a lead not held as
 * spam (a held one's changes reach the dashboards only), `lead.overdue`, `lead.erased` with the ids. Nudge
 * the DeliveryWorker once the transaction committed.
 */
@Injectable()
export class WebhookEvents implements OnModuleInit {
  constructor(
    private readonly leadEvents: LeadEvents,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  onModuleInit(): void {
    this.leadEvents.register({
      name: WEBHOOK_CHANNEL,
      intake: {
        sql: (parameter) =>
          queueLeadCreatedSql(
            'stored',
            parameter(() => this.publicUrl, 'text'),
          ),
      },
      created: async (manager, lead) => {
        await manager.query(
          `WITH released AS (SELECT * FROM contact_submissions WHERE id = $1) ${queueLeadCreatedSql('released', '$2::text')}`,
          [lead.id, this.publicUrl],
        );
      },
      // The detail only when an endpoint takes lead.updated; a held lead's changes are not announced.
      updated: async (manager, lead) => {
        if (!(await this.subscribed(manager, 'lead.updated'))) return 0;
        const detail = await lead.detail();
        return detail.heldAsSpam ? 0 : this.queue(manager, 'lead.updated', detail, lead.id);
      },
      overdue: (manager, lead) => this.queue(manager, 'lead.overdue', lead, lead.id),
      message: (manager, message) => this.message(manager, message),
      erased: (manager, ids) => this.queue(manager, 'lead.erased', { ids }),
    });
  }

  /**
   * `lead.message`: ids and direction only, never the text; an automatic or a held lead's
   * message is not announced. With the lead's change (`changed`), its `lead.updated` as
   * `updated` queues it; the endpoints of both events found in one query.
   */
  private async message(manager: EntityManager, message: LeadMessageEvent): Promise<number> {
    const { leadId, messageId, direction, automatic, heldAsSpam, changed } = message;
    const events: WebhookEvent[] = [
      ...(automatic || heldAsSpam ? [] : (['lead.message'] as const)),
      ...(changed ? (['lead.updated'] as const) : []),
    ];
    if (events.length === 0) return 0;
    const endpoints = await manager.query<Array<{ id: string; events: WebhookEvent[] }>>(
      `SELECT id, events FROM webhook_endpoints WHERE active AND format = 'standard' AND events && $1::text[]`,
      [events],
    );
    const taking = (event: WebhookEvent) => endpoints.filter((endpoint) => endpoint.events.includes(event));
    const deliveries: NewDelivery[] = [];
    if (events.includes('lead.message'))
      deliveries.push(...this.deliveries(taking('lead.message'), 'lead.message', { leadId, messageId, direction }, leadId));
    if (changed && taking('lead.updated').length > 0) {
      const detail = await changed.detail();
      if (!detail.heldAsSpam) deliveries.push(...this.deliveries(taking('lead.updated'), 'lead.updated', detail, changed.id));
    }
    await queueDeliveries(manager, deliveries);
    return deliveries.length;
  }

  /** The site's origin for the links in `lead.created` ('' for relative links). */
  private get publicUrl(): string {
    return this.config.get('PUBLIC_URL', { infer: true })?.replace(/\/$/, '') ?? '';
  }

  /** Whether an active standard endpoint takes `event`. */
  private async subscribed(manager: EntityManager, event: WebhookEvent): Promise<boolean> {
    const [row] = await manager.query<Array<{ any: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE active AND format = 'standard' AND $1 = ANY(events)) AS any`,
      [event],
    );
    return row.any;
  }

  private async queue(
    manager: EntityManager,
    event: Exclude<WebhookEvent, 'lead.created'>,
    data: unknown,
    submissionId: string | null = null,
  ): Promise<number> {
    const endpoints = await manager.query<Array<{ id: string }>>(
      `SELECT id FROM webhook_endpoints WHERE active AND format = 'standard' AND $1 = ANY(events)`,
      [event],
    );
    await queueDeliveries(manager, this.deliveries(endpoints, event, data, submissionId));
    return endpoints.length;
  }

  /** The event's delivery to each of `endpoints`, one body for all. */
  private deliveries(
    endpoints: Array<{ id: string }>,
    event: Exclude<WebhookEvent, 'lead.created'>,
    data: unknown,
    submissionId: string | null = null,
  ): NewDelivery[] {
    const body = standardBody(event, data);
    return endpoints.map(({ id }) => ({ channel: WEBHOOK_CHANNEL, target: id, event, payload: body, submissionId }));
  }
}
