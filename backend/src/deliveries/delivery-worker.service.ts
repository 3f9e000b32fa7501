import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment.js';
import type { AttemptResult, DeliverySender, DueDelivery } from './delivery-sender.js';
import { retryDelayMs } from './retry-schedule.js';

/** Attempts in flight at once in one process, all channels and targets together. */
export const MAX_IN_FLIGHT = 16;

/**
 * How long past the attempt's time limit a claim stays leased: room for recording the result
 * when the pool is busy, so that a slow record does not let another replica send it again.
 */
export const LEASE_MARGIN_MS = 5_000;

/*
 * How a delivery is claimed: one statement takes the oldest due pending row whose target has a
 * free slot here, with FOR UPDATE SKIP LOCKED (replicas never claim the same row), and moves
 * its next_attempt_at past the attempt's end: a lease. The attempt then runs with no
 * transaction and no pooled connection held (a hanging endpoint cannot starve the pool that
 * POST /api/contact needs), and its result is recorded by one more statement. A process that
 * dies mid-attempt leaves the row pending; it is due again when the lease ends (the
 * attempt's time limit and LEASE_MARGIN_MS: 20 s with the defaults), and sent again: at least once, at most one duplicate per crash, with
 * the same delivery id (a webhook's `webhook-id`) for the receiver to drop.
 */
const CLAIM_DUE_DELIVERY = `
  UPDATE deliveries d SET next_attempt_at = clock_timestamp() + $1 * interval '1 millisecond'
   WHERE d.id = (
     SELECT id FROM deliveries
      WHERE status = 'pending' AND next_attempt_at <= now()
        AND channel = ANY($2::text[]) AND NOT (channel || ' ' || target = ANY($3::text[]))
      ORDER BY next_attempt_at
      LIMIT 1
        FOR UPDATE SKIP LOCKED)
  RETURNING d.id, d.channel, d.target, d.event, d.payload, d.attempts, d.created_at AS "createdAt"`;

/**
 * Sends the outbox (`deliveries`) in every API process: polls every DELIVERY_POLL_INTERVAL_MS,
 * wakes at once when something is queued here (nudge) or an attempt ends. Each channel's
 * sender is registered by its feature; the engine knows none of them. Up to MAX_IN_FLIGHT
 * attempts run at once, at most the sender's `concurrencyPerTarget` per target, so a slow or
 * dead endpoint holds its own slots only and never delays another's deliveries.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryWorker.name);
  private readonly pollIntervalMs: number;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private readonly attemptTimeoutMs: number;
  private readonly senders = new Map<string, DeliverySender>();
  /** Attempts in flight here, by `channel target`. */
  private readonly busy = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private nudged = false;
  private wake: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<Environment, true>,
  ) {
    this.pollIntervalMs = config.get('DELIVERY_POLL_INTERVAL_MS', { infer: true });
    this.retryBaseMs = config.get('DELIVERY_RETRY_BASE_MS', { infer: true });
    this.maxAttempts = config.get('DELIVERY_MAX_ATTEMPTS', { infer: true });
    this.attemptTimeoutMs = config.get('DELIVERY_ATTEMPT_TIMEOUT_MS', { infer: true });
  }

  /** A feature's sender for its channel; call from the feature's onModuleInit. Without one, a channel's rows wait. */
  register(sender: DeliverySender): void {
    this.senders.set(sender.channel, sender);
  }

  /** The channels with a sender here (the metrics report each, 0 when it has nothing waiting). */
  get channels(): string[] {
    return [...this.senders.keys()];
  }

  onApplicationBootstrap(): void {
    // Pending deliveries left by an earlier run (or another replica that died) are due now.
    if (this.senders.size > 0) this.loop = this.run();
  }

  /**
   * Stops taking deliveries and lets the attempts in flight finish (bounded by their time
   * limit), so their results are recorded; runs before TypeORM closes the DataSource.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }

  /** A delivery was just queued (after its transaction committed): look now rather than at the next poll. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.nudged = false;
      try {
        while (this.inFlight.size < MAX_IN_FLIGHT && !this.stopping) {
          const due = await this.claim();
          if (!due) break;
          this.start(due);
        }
      } catch (error) {
        // The database is unreachable: try again at the next poll.
        this.logger.error(`deliveries: ${error instanceof Error ? error.message : String(error)}`);
      }
      await this.pause();
    }
    await Promise.all(this.inFlight);
  }

  private async claim(): Promise<DueDelivery | undefined> {
    const full = [...this.busy].filter(([key, count]) => count >= this.senderOf(key).concurrencyPerTarget).map(([key]) => key);
    const [rows] = await this.dataSource.query<[DueDelivery[], number]>(CLAIM_DUE_DELIVERY, [
      this.attemptTimeoutMs + LEASE_MARGIN_MS,
      [...this.senders.keys()],
      full,
    ]);
    return rows[0];
  }

  private senderOf(key: string): DeliverySender {
    return this.senders.get(key.slice(0, key.indexOf(' '))) as DeliverySender;
  }

  private start(due: DueDelivery): void {
    const key = `${due.channel} ${due.target}`;
    this.busy.set(key, (this.busy.get(key) ?? 0) + 1);
    const attempt = this.attempt(due).finally(() => {
      const left = (this.busy.get(key) ?? 1) - 1;
      if (left === 0) this.busy.delete(key);
      else this.busy.set(key, left);
      this.inFlight.delete(attempt);
      this.nudge(); // a slot is free
    });
    this.inFlight.add(attempt);
  }

  /** One attempt, bounded by DELIVERY_ATTEMPT_TIMEOUT_MS even if the sender ignores its signal, then its result recorded. */
  private async attempt(due: DueDelivery): Promise<void> {
    const sender = this.senders.get(due.channel) as DeliverySender;
    const signal = AbortSignal.timeout(this.attemptTimeoutMs);
    const timedOut = new Promise<AttemptResult>((resolve) =>
      signal.addEventListener('abort', () =>
        resolve({ outcome: 'retry', reason: `timed out after ${this.attemptTimeoutMs} ms` }),
      ),
    );
    const result = await Promise.race([sender.send(due, signal), timedOut]);
    try {
      await this.record(due, result);
    } catch (error) {
      // Not recorded: the row stays pending and is sent again when its lease ends.
      this.logger.error(`deliveries: could not record ${due.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private pause(): Promise<void> {
    if (this.nudged || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.wake = done;
    });
  }

  /** What the sender keeps of a done delivery's payload (JSON), or null to keep it whole. */
  private payloadWhenDone(due: DueDelivery): string | null {
    const kept = this.senders.get(due.channel)?.payloadWhenDone?.(due);
    return kept === undefined ? null : JSON.stringify(kept);
  }

  private async record(due: DueDelivery, result: AttemptResult): Promise<void> {
    const attempts = due.attempts + 1;
    const about = { deliveryId: due.id, channel: due.channel, event: due.event, attempt: attempts };
    const status = result.status ?? null;
    if (result.outcome === 'delivered') {
      await this.dataSource.query(
        `UPDATE deliveries SET status = 'delivered', attempts = $2, last_status = $3, last_error = NULL, delivered_at = now(),
           payload = coalesce($4::jsonb, payload) WHERE id = $1`,
        [due.id, attempts, status, this.payloadWhenDone(due)],
      );
      this.logger.log({ ...about, msg: `${due.channel} delivery sent` });
    } else if (result.outcome === 'retry' && attempts < this.maxAttempts) {
      const delayMs = retryDelayMs(attempts, this.retryBaseMs);
      // Still pending: a row given up meanwhile (its account disabled while this attempt ran) keeps its reason.
      await this.dataSource.query(
        `UPDATE deliveries SET attempts = $2, last_status = $3, last_error = $4, next_attempt_at = now() + $5 * interval '1 millisecond'
          WHERE id = $1 AND status = 'pending'`,
        [due.id, attempts, status, result.reason, delayMs],
      );
      this.logger.warn({
        ...about,
        reason: result.reason,
        retryInMs: delayMs,
        msg: `${due.channel} delivery failed, will retry: ${result.reason}`,
      });
    } else {
      const reason = result.outcome === 'retry' ? `${result.reason} (gave up after ${attempts} attempts)` : result.reason;
      await this.dataSource.query(
        `UPDATE deliveries SET status = 'failed', attempts = $2, last_status = $3, last_error = $4,
           payload = coalesce($5::jsonb, payload) WHERE id = $1 AND status = 'pending'`,
        [due.id, attempts, status, reason, this.payloadWhenDone(due)],
      );
      this.logger.error({ ...about, reason, msg: `${due.channel} delivery failed for good: ${reason}` });
    }
  }
}
