import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import type { Environment } from '../config/environment.js';
import { DeliveryLogEntryDto } from '../deliveries/delivery-log-entry.dto.js';
import { deliveryLog, failingSince, sendAgain } from '../deliveries/delivery-log.js';
import { Delivery } from '../deliveries/delivery.entity.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { queueDeliveries } from '../deliveries/queue-delivery.js';
import type { CreateWebhookDto, UpdateWebhookDto } from './dto/save-webhook.dto.js';
import { CreatedWebhookDto, WebhookDto, WebhookSecretDto } from './dto/webhook.dto.js';
import { WebhookEndpoint, type WebhookEvent, type WebhookFormat } from './webhook-endpoint.entity.js';
import { standardBody } from './webhook-events.service.js';
import { urlProblem } from './webhook-http.js';
import { WEBHOOK_CHANNEL } from './webhook-payload.sql.js';
import { newWebhookSecret } from './webhook-signature.js';

/**
 * The endpoints (docs/integrations.md, "Outgoing webhooks"): managed by admins, each with its delivery log.
 * Every change is audited with who made it (never the URL, which may hold a token, nor the secret).
 */
@Injectable()
export class WebhookEndpoints {
  private readonly allowPrivate: boolean;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly worker: DeliveryWorker,
    private readonly audit: AuditService,
    config: ConfigService<Environment, true>,
  ) {
    this.allowPrivate = config.get('WEBHOOKS_ALLOW_PRIVATE', { infer: true });
  }

  async list(): Promise<WebhookDto[]> {
    const rows = await this.dataSource.manager.find(WebhookEndpoint, { order: { createdAt: 'ASC', id: 'ASC' } });
    const failing = await this.failingSince(rows.map((row) => row.id));
    return rows.map((row) => WebhookDto.from(row, failing.get(row.id) ?? null));
  }

  async create(body: CreateWebhookDto, actor: Actor): Promise<CreatedWebhookDto> {
    this.checkUrl(body.url);
    checkEvents(body.format ?? 'standard', body.events);
    const row = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(WebhookEndpoint, {
          url: body.url,
          events: body.events,
          format: body.format ?? 'standard',
          active: body.active ?? true,
          secret: newWebhookSecret(),
        }),
      );
      const detail = { webhookId: saved.id, events: saved.events, format: saved.format, active: saved.active };
      await this.audit.record({ actor, action: 'webhook-create', detail }, manager);
      return saved;
    });
    return { ...WebhookDto.from(row, null), secret: row.secret };
  }

  /** Changes the fields given; the audit event names those that changed (none: no event). */
  async update(id: string, changes: UpdateWebhookDto, actor: Actor): Promise<WebhookDto> {
    if (changes.url !== undefined) this.checkUrl(changes.url);
    const row = await this.dataSource.transaction(async (manager) => {
      const found = await this.find(id, manager, true);
      if (changes.format !== undefined || changes.events !== undefined) {
        checkEvents(changes.format ?? found.format, changes.events ?? found.events);
      }
      const fields = (Object.keys(changes) as Array<keyof UpdateWebhookDto>)
        .filter((field) => changes[field] !== undefined && JSON.stringify(changes[field]) !== JSON.stringify(found[field]))
        .sort();
      if (fields.length === 0) return found;
      Object.assign(found, Object.fromEntries(fields.map((field) => [field, changes[field]])));
      await manager.save(found);
      await this.audit.record({ actor, action: 'webhook-update', detail: { webhookId: id, fields } }, manager);
      return found;
    });
    return WebhookDto.from(row, (await this.failingSince([row.id])).get(row.id) ?? null);
  }

  /** Removes the endpoint and its deliveries (sent or not). */
  async remove(id: string, actor: Actor): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.find(id, manager, true);
      await manager.query(`DELETE FROM deliveries WHERE channel = '${WEBHOOK_CHANNEL}' AND target = $1`, [id]);
      await manager.delete(WebhookEndpoint, { id });
      await this.audit.record({ actor, action: 'webhook-delete', detail: { webhookId: id } }, manager);
    });
  }

  /** A new secret; the old one stops signing at once (deliveries are signed when sent). */
  async rotateSecret(id: string, actor: Actor): Promise<WebhookSecretDto> {
    const secret = newWebhookSecret();
    await this.dataSource.transaction(async (manager) => {
      await this.find(id, manager, true);
      await manager.update(WebhookEndpoint, { id }, { secret });
      await this.audit.record({ actor, action: 'webhook-rotate-secret', detail: { webhookId: id } }, manager);
    });
    return { secret };
  }

  /** Queues a `webhook.test` event to this endpoint (active or not: testing before turning it on). */
  async test(id: string): Promise<DeliveryLogEntryDto> {
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
    return DeliveryLogEntryDto.from(delivery);
  }

  async deliveries(id: string): Promise<DeliveryLogEntryDto[]> {
    const row = await this.find(id);
    const rows = await deliveryLog(this.dataSource.manager, { channel: WEBHOOK_CHANNEL, target: row.id });
    return rows.map((delivery) => DeliveryLogEntryDto.from(delivery));
  }

  /** Sends one delivery again, as it was queued (same id, so the receiver can tell it is the same event). */
  async redeliver(id: string, deliveryId: string): Promise<DeliveryLogEntryDto> {
    const delivery = await sendAgain(this.dataSource.manager, { channel: WEBHOOK_CHANNEL, target: id }, deliveryId);
    if (!delivery) throw new NotFoundException('No delivery with this id for this endpoint');
    this.worker.nudge();
    return DeliveryLogEntryDto.from(delivery);
  }

  private checkUrl(url: string): void {
    const problem = urlProblem(url, this.allowPrivate);
    if (problem) throw new BadRequestException([problem]);
  }

  /** The endpoint, or 404; `lock` holds it for the caller's transaction (two admins' changes do not interleave). */
  private async find(id: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<WebhookEndpoint> {
    const row = await manager.findOne(WebhookEndpoint, { where: { id }, lock: lock ? { mode: 'pessimistic_write' } : undefined });
    if (!row) throw new NotFoundException('No webhook with this id');
    return row;
  }

  private failingSince(ids: string[]): Promise<Map<string, Date | null>> {
    return failingSince(this.dataSource.manager, WEBHOOK_CHANNEL, ids);
  }
}

/** The message of a 400 for a Slack endpoint asked to take another event than `lead.created`. */
export const SLACK_EVENTS_RULE = 'a slack endpoint takes lead.created only (Slack is told of new leads, not of changes)';

/** Slack's `{ text }` is written for a new lead alone: its endpoints take no other event. */
function checkEvents(format: WebhookFormat, events: WebhookEvent[]): void {
  if (format === 'slack' && events.some((event) => event !== 'lead.created')) throw new BadRequestException([SLACK_EVENTS_RULE]);
}
