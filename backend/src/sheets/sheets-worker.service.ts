import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { retryDelayMs } from './retry-schedule.js';
import { type AttemptResult, SheetsClient, type SheetErasure, type SheetRow } from './sheets-client.service.js';

/** A claimed append delivery with its submission's fields, as CLAIM_DUE_DELIVERY reads them. */
type DueAppend = Pick<SheetRow, 'name' | 'email' | 'linkedin' | 'company' | 'interest' | 'comments'> & {
  id: string;
  action: 'append';
  attempts: number;
  submission_id: string;
  submitted_at: Date;
};
/** A claimed erase delivery: the ids of the erased submissions. */
interface DueErase {
  id: string;
  action: 'erase';
  attempts: number;
  submission_id: null;
  erased_ids: string[];
}
type DueDelivery = DueAppend | DueErase;

/*
 * How a delivery is claimed: in one transaction, the worker locks the oldest due pending row
 * with FOR UPDATE SKIP LOCKED, sends it, records the result and commits. The row lock is held
 * only for that one attempt (bounded by SHEETS_ATTEMPT_TIMEOUT_MS), so:
 * - with several replicas, each delivery is sent by one of them at a time (the others skip
 *   the locked row and take the next one);
 * - a process that dies mid-attempt loses its connection, PostgreSQL rolls the transaction
 *   back and the row is due again at once: no lease to expire, nothing to clean up. The
 *   attempt cut short is not counted, and may have reached the endpoint: delivery is at least
 *   once, and the receiving script drops an `id` it has already seen.
 * The cost is one pooled connection per process, idle in a transaction during the attempt.
 */
const CLAIM_DUE_DELIVERY = `
  SELECT d.id, d.action, d.attempts, d.erased_ids::text[] AS erased_ids, -- node-pg parses no uuid[]
         s.id AS submission_id, s.name, s.email, s.linkedin, s.company, s.interest, s.comments, s.submitted_at
    FROM sheet_deliveries d
    LEFT JOIN contact_submissions s ON s.id = d.submission_id
   WHERE d.status = 'pending' AND d.next_attempt_at <= now()
   ORDER BY d.next_attempt_at
   LIMIT 1
     FOR UPDATE OF d SKIP LOCKED`;

/**
 * Sends the outbox (sheet_deliveries) to the spreadsheet endpoint, one delivery at a time, in
 * every API process where SHEETS_WEBHOOK_URL is set: polls every SHEETS_POLL_INTERVAL_MS and
 * wakes at once when a submission is stored here (nudge).
 */
@Injectable()
export class SheetsWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SheetsWorker.name);
  private readonly pollIntervalMs: number;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private nudged = false;
  private wake: (() => void) | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly client: SheetsClient,
    config: ConfigService<Environment, true>,
  ) {
    this.pollIntervalMs = config.get('SHEETS_POLL_INTERVAL_MS', { infer: true });
    this.retryBaseMs = config.get('SHEETS_RETRY_BASE_MS', { infer: true });
    this.maxAttempts = config.get('SHEETS_MAX_ATTEMPTS', { infer: true });
  }

  onApplicationBootstrap(): void {
    // Pending deliveries left by an earlier run (or another replica that died) are due now.
    if (this.client.enabled) this.loop = this.run();
  }

  /**
   * Stops taking deliveries and lets the one in flight finish (bounded by its timeout), so its
   * result is recorded. This runs before any onApplicationShutdown hook, that is before
   * TypeORM closes the DataSource that the attempt's transaction still needs.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }

  /** A delivery was just queued: look now rather than at the next poll. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.nudged = false;
      let sent = false;
      try {
        sent = await this.deliverNext();
      } catch (error) {
        // The database is unreachable or the result could not be recorded (then the delivery
        // is still pending and is sent again): try again at the next poll.
        this.logger.error(`spreadsheet sync: ${error instanceof Error ? error.message : String(error)}`);
      }
      // After a delivery, the next one may already be due; otherwise wait.
      if (!sent) await this.pause();
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

  /** Claims, sends and records one due delivery; false when none is due. */
  private deliverNext(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [due] = await manager.query<DueDelivery[]>(CLAIM_DUE_DELIVERY);
      if (!due) return false;
      const result = await this.client.send(due.id, toRequestBody(due));
      await this.record(manager, due, result);
      return true;
    });
  }

  private async record(manager: EntityManager, due: DueDelivery, result: AttemptResult): Promise<void> {
    const attempts = due.attempts + 1;
    const about = { deliveryId: due.id, action: due.action, submissionId: due.submission_id, attempt: attempts };
    // clock_timestamp(), not now(): the transaction began before the attempt.
    if (result.outcome === 'delivered') {
      await manager.query(
        `UPDATE sheet_deliveries SET status = 'delivered', attempts = $2, last_error = NULL, delivered_at = clock_timestamp() WHERE id = $1`,
        [due.id, attempts],
      );
      this.logger.log({ ...about, msg: 'spreadsheet delivery sent' });
    } else if (result.outcome === 'retry' && attempts < this.maxAttempts) {
      const delayMs = retryDelayMs(attempts, this.retryBaseMs);
      await manager.query(
        `UPDATE sheet_deliveries SET attempts = $2, last_error = $3, next_attempt_at = clock_timestamp() + $4 * interval '1 millisecond' WHERE id = $1`,
        [due.id, attempts, result.reason, delayMs],
      );
      this.logger.warn({
        ...about,
        reason: result.reason,
        retryInMs: delayMs,
        msg: `spreadsheet delivery failed, will retry: ${result.reason}`,
      });
    } else {
      const reason = result.outcome === 'retry' ? `${result.reason} (gave up after ${attempts} attempts)` : result.reason;
      await manager.query(`UPDATE sheet_deliveries SET status = 'failed', attempts = $2, last_error = $3 WHERE id = $1`, [
        due.id,
        attempts,
        reason,
      ]);
      this.logger.error({ ...about, reason, msg: `spreadsheet delivery failed for good: ${reason}` });
    }
  }
}

function toRequestBody(due: DueDelivery): SheetRow | SheetErasure {
  if (due.action === 'erase') return { action: 'erase', ids: due.erased_ids };
  return {
    name: due.name,
    email: due.email,
    linkedin: due.linkedin,
    company: due.company,
    interest: due.interest,
    comments: due.comments,
    id: due.submission_id,
    submittedAt: due.submitted_at.toISOString(),
  };
}
