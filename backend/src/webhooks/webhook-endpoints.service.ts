import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { Delivery } from '../deliveries/delivery.entity.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { queueDeliveries } from '../deliveries/queue-delivery.js';
import type { CreateWebhookDto, UpdateWebhookDto } from './dto/save-webhook.dto.js';
import { WebhookDeliveryDto } from './dto/webhook-delivery.dto.js';
import { CreatedWebhookDto, WebhookDto, WebhookSecretDto } from './dto/webhook.dto.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { standardBody } from './webhook-events.service.js';
import { urlProblem } from './webhook-http.js';
import { WEBHOOK_CHANNEL } from './webhook-payload.sql.js';
import { newWebhookSecret } from './webhook-signature.js';

/** How many deliveries an endpoint's log shows, newest first. */
export const DELIVERY_LOG_LENGTH = 100;

/**
 * When each endpoint started failing, if that was a day ago or more: its oldest delivery tried
 * and still not delivered, queued after the last one that reached it.
 */
const FAILING_SINCE = `
  SELECT e.id, CASE WHEN f.since <= now() - interval '1 day' THEN f.since END AS since
    FROM webhook_endpoints e
    CROSS JOIN LATERAL (
      SELECT min(d.created_at) AS since FROM deliveries d
       WHERE d.channel = '${WEBHOOK_CHANNEL}' AND d.target = e.id::text AND d.status <> 'delivered' AND d.attempts > 0
         AND d.created_at > coalesce((SELECT max(ok.delivered_at) FROM deliveries ok
                                       WHERE ok.channel = '${WEBHOOK_CHANNEL}' AND ok.target = e.id::text), '-infinity')
    ) f`;

/** The endpoints (contract, "Outgoing webhooks"): managed by admins, each with its delivery log. */
@Injectable()
export class WebhookEndpoints {
  private readonly allowPrivate: boolean;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly worker: DeliveryWorker,
    config: ConfigService<Environment, true>,
  ) {
    this.allowPrivate = config.get('WEBHOOKS_ALLOW_PRIVATE', { infer: true });
  }

  async list(): Promise<WebhookDto[]> {
    const rows = await this.dataSource.manager.find(WebhookEndpoint, { order: { createdAt: 'ASC', id: 'ASC' } });
    const failing = await this.failingSince();
    return rows.map((row) => WebhookDto.from(row, failing.get(row.id) ?? null));
  }

  async create(body: CreateWebhookDto): Promise<CreatedWebhookDto> {
    this.checkUrl(body.url);
    const row = await this.dataSource.manager.save(
      this.dataSource.manager.create(WebhookEndpoint, {
        url: body.url,
        events: body.events,
        format: body.format ?? 'standard',
        active: body.active ?? true,
        secret: newWebhookSecret(),
      }),
    );
    return { ...WebhookDto.from(row, null), secret: row.secret };
  }

  async update(id: string, changes: UpdateWebhookDto): Promise<WebhookDto> {
    if (changes.url !== undefined) this.checkUrl(changes.url);
    const row = await this.find(id);
    Object.assign(row, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
    await this.dataSource.manager.save(row);
    return WebhookDto.from(row, (await this.failingSince()).get(row.id) ?? null);
  }

  /** Removes the endpoint and its deliveries (sent or not). */
  async remove(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.find(id, manager);
      await manager.query(`DELETE FROM deliveries WHERE channel = '${WEBHOOK_CHANNEL}' AND target = $1`, [id]);
      await manager.delete(WebhookEndpoint, { id });
    });
  }

  /** A new secret; the old one stops signing at once (deliveries are signed when sent). */
  async rotateSecret(id: string): Promise<WebhookSecretDto> {
    const row = await this.find(id);
    const secret = newWebhookSecret();
    await this.dataSource.manager.update(WebhookEndpoint, { id: row.id }, { secret });
    return { secret };
  }

  /** Queues a `webhook.test` event to this endpoint (active or not: testing before turning it on). */
  async test(id: string): Promise<WebhookDeliveryDto> {
    const delivery = await this.dataSource.transaction(async (manager) => {
      const row = await this.find(id, manager);
      const payload =
        row.format === 'slack'
          ? { text: 'Test from the lead inbox: this webhook works.' }
          : standardBody('webhook.test', { endpointId: row.id });
      const [deliveryId] = await queueDeliveries(manager, [
        { channel: WEBHOOK_CHANNEL, target: row.id, event: 'webhook.test', payload },
      ]);
      return manager.findOneByOrFail(Delivery, { id: deliveryId });
    });
    this.worker.nudge();
    return WebhookDeliveryDto.from(delivery);
  }

  async deliveries(id: string): Promise<WebhookDeliveryDto[]> {
    const row = await this.find(id);
    const rows = await this.dataSource.manager.find(Delivery, {
      where: { channel: WEBHOOK_CHANNEL, target: row.id },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: DELIVERY_LOG_LENGTH,
    });
    return rows.map((delivery) => WebhookDeliveryDto.from(delivery));
  }

  /** Sends one delivery again, as it was queued (same id, so the receiver can tell it is the same event). */
  async redeliver(id: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    const [rows] = await this.dataSource.query<[Delivery[], number]>(
      `UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), last_status = NULL, last_error = NULL, delivered_at = NULL
        WHERE id = $1 AND channel = '${WEBHOOK_CHANNEL}' AND target = $2
       RETURNING id`,
      [deliveryId, id],
    );
    if (rows.length === 0) throw new NotFoundException('No delivery with this id for this endpoint');
    this.worker.nudge();
    return WebhookDeliveryDto.from(await this.dataSource.manager.findOneByOrFail(Delivery, { id: deliveryId }));
  }

  private checkUrl(url: string): void {
    const problem = urlProblem(url, this.allowPrivate);
    if (problem) throw new BadRequestException([problem]);
  }

  private async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<WebhookEndpoint> {
    const row = await manager.findOneBy(WebhookEndpoint, { id });
    if (!row) throw new NotFoundException('No webhook with this id');
    return row;
  }

  private async failingSince(): Promise<Map<string, Date | null>> {
    const rows = await this.dataSource.query<Array<{ id: string; since: Date | null }>>(FAILING_SINCE);
    return new Map(rows.map((row) => [row.id, row.since]));
  }
}
