import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import {
  type AttemptResult,
  type DeliverySender,
  describeNetworkError,
  type DueDelivery,
} from '../deliveries/delivery-sender.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { isRetryableStatus } from '../deliveries/retry-schedule.js';
import { SHEET_CHANNEL } from '../leads/spreadsheet-copy.js';
import { signedUrl } from './sheets-signature.js';

/**
 * Posts one `sheet` delivery (its payload, decided when queued: a row, or an erasure) to
 * SHEETS_WEBHOOK_URL and says how it went; never throws. Registered with the engine while
 * the sync is on. One attempt at a time: a web-script appends rows in the order they come.
 */
@Injectable()
export class SheetsPoster implements DeliverySender, OnModuleInit {
  readonly channel = SHEET_CHANNEL;
  readonly concurrencyPerTarget = 1;
  private readonly url: string | undefined;
  private readonly secret: string | undefined;
  private readonly timeoutMs: number;

  constructor(
    config: ConfigService<Environment, true>,
    private readonly worker: DeliveryWorker,
  ) {
    this.url = config.get('SHEETS_WEBHOOK_URL', { infer: true });
    this.secret = config.get('SHEETS_WEBHOOK_SECRET', { infer: true });
    this.timeoutMs = config.get('DELIVERY_ATTEMPT_TIMEOUT_MS', { infer: true });
  }

  onModuleInit(): void {
    if (this.enabled) this.worker.register(this);
  }

  /** Whether the spreadsheet sync is on (SHEETS_WEBHOOK_URL is set). */
  get enabled(): boolean {
    return this.url !== undefined;
  }

  async send(delivery: DueDelivery, signal: AbortSignal): Promise<AttemptResult> {
    if (this.url === undefined) throw new Error('SHEETS_WEBHOOK_URL is not set');
    const body = JSON.stringify(delivery.payload);
    const url = this.secret ? signedUrl(this.url, this.secret, delivery.id, Math.floor(Date.now() / 1000), body) : this.url;
    try {
      // fetch follows redirects; a 302 or 303 is followed with a GET, which is what the
      // spreadsheet web-scripts expect (they answer the POST with 302 to their result).
      // The engine's time limit bounds the whole attempt: every hop and the answer's body.
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
        redirect: 'follow',
        signal,
      });
      const answer = await response.text();
      if (response.ok) {
        // A web-script cannot choose its status code: it answers 200 even when it refuses a
        // request. The example script (docs/sheets-webhook.gs) then answers
        // {"ok": false, "error": …}, with "retry": true when trying again can help.
        const refusal = refusalIn(answer);
        if (refusal === undefined) return { outcome: 'delivered', status: response.status };
        return {
          outcome: refusal.retry ? 'retry' : 'failed',
          reason: `refused by the endpoint: ${refusal.error}`,
          status: response.status,
        };
      }
      const reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      return { outcome: isRetryableStatus(response.status) ? 'retry' : 'failed', reason, status: response.status };
    } catch (error) {
      return { outcome: 'retry', reason: describeNetworkError(error, this.timeoutMs) };
    }
  }
}

/** The refusal in a JSON answer `{"ok": false, "error": …, "retry"?: true}`; undefined for any other answer. */
function refusalIn(answer: string): { error: string; retry: boolean } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { ok, error, retry } = parsed as { ok?: unknown; error?: unknown; retry?: unknown };
  if (ok !== false) return undefined;
  return { error: typeof error === 'string' ? error.slice(0, 200) : 'no reason given', retry: retry === true };
}
