import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment.js';
import {
  type AttemptResult,
  type DeliverySender,
  describeNetworkError,
  type DueDelivery,
} from '../deliveries/delivery-sender.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { isRetryableStatus } from '../deliveries/retry-schedule.js';
import { postJson, RefusedAddressError } from './webhook-http.js';
import { WEBHOOK_CHANNEL } from './webhook-payload.sql.js';
import { standardWebhookHeaders } from './webhook-signature.js';

/** Attempts in flight at once to one endpoint, per API process. */
export const WEBHOOK_CONCURRENCY = 4;

/**
 * Posts one `webhook` delivery to its endpoint: the payload decided when it was queued, signed
 * with the endpoint's secret of the moment (Standard Webhooks; slack's `{ text }` unsigned),
 * through the SSRF guard. Registered with the delivery engine.
 */
@Injectable()
export class WebhookPoster implements DeliverySender, OnModuleInit {
  readonly channel = WEBHOOK_CHANNEL;
  readonly concurrencyPerTarget = WEBHOOK_CONCURRENCY;
  private readonly allowPrivate: boolean;
  private readonly timeoutMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly worker: DeliveryWorker,
    config: ConfigService<Environment, true>,
  ) {
    this.allowPrivate = config.get('WEBHOOKS_ALLOW_PRIVATE', { infer: true });
    this.timeoutMs = config.get('DELIVERY_ATTEMPT_TIMEOUT_MS', { infer: true });
  }

  onModuleInit(): void {
    this.worker.register(this);
  }

  async send(delivery: DueDelivery, signal: AbortSignal): Promise<AttemptResult> {
    const [endpoint] = await this.dataSource
      .query<Array<{ url: string; secret: string; format: string; active: boolean }>>(
        'SELECT url, secret, format, active FROM webhook_endpoints WHERE id = $1',
        [delivery.target],
      )
      .catch(() => [undefined]);
    if (!endpoint) return { outcome: 'retry', reason: 'the endpoint could not be read' };
    if (!endpoint.active) return { outcome: 'failed', reason: 'the endpoint is not active' };
    const body = JSON.stringify(delivery.payload);
    const headers =
      endpoint.format === 'standard'
        ? standardWebhookHeaders(endpoint.secret, delivery.id, Math.floor(Date.now() / 1000), body)
        : {};
    try {
      const status = await postJson(endpoint.url, body, headers, { allowPrivate: this.allowPrivate, signal });
      if (status >= 200 && status < 300) return { outcome: 'delivered', status };
      if (status >= 300 && status < 400)
        return { outcome: 'failed', reason: `HTTP ${status}: redirects are not followed`, status };
      return { outcome: isRetryableStatus(status) ? 'retry' : 'failed', reason: `HTTP ${status}`, status };
    } catch (error) {
      // A refused address does not get better by trying again; a DNS change is a new "Send again".
      if (error instanceof RefusedAddressError) return { outcome: 'failed', reason: `refused: ${error.message}` };
      return { outcome: 'retry', reason: describeNetworkError(error, this.timeoutMs) };
    }
  }
}
