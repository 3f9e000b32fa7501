import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { queueDeliveries } from '../deliveries/queue-delivery.js';
import { WEBHOOK_CHANNEL } from './webhook-payload.sql.js';
import type { WebhookEvent } from './webhook-endpoint.entity.js';

/** The Standard Webhooks body of an event. */
export const standardBody = (type: string, data: unknown) => ({ type, timestamp: new Date().toISOString(), data });

/**
 * How features tell the webhooks what happened: queues the event, in the caller's transaction,
 * for each active `standard` endpoint that takes it (`slack` endpoints take `lead.created`
 * only, docs/integrations.md). `lead.created` is queued by the contact form's batch statement
 * (webhook-payload.sql.ts). Nudge the DeliveryWorker once the transaction committed.
 */
@Injectable()
export class WebhookEvents {
  async queue(
    manager: EntityManager,
    event: Exclude<WebhookEvent, 'lead.created'>,
    data: unknown,
    submissionId: string | null = null,
  ): Promise<number> {
    const endpoints = await manager.query<Array<{ id: string }>>(
      `SELECT id FROM webhook_endpoints WHERE active AND format = 'standard' AND $1 = ANY(events)`,
      [event],
    );
    const body = standardBody(event, data);
    await queueDeliveries(
      manager,
      endpoints.map(({ id }) => ({ channel: WEBHOOK_CHANNEL, target: id, event, payload: body, submissionId })),
    );
    return endpoints.length;
  }
}
