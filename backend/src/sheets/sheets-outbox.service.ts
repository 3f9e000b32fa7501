import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { queueDeliveries } from '../deliveries/queue-delivery.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { SHEET_CHANNEL, SheetsPoster } from './sheets-poster.service.js';

/**
 * A submission's row as the spreadsheet receives it (its fields, `id` and `submittedAt`), built
 * in SQL from a `contact_submissions` row aliased `s`, so the payload is decided when queued,
 * also inside the contact form's one batch statement.
 */
export const SHEET_ROW_SQL = `jsonb_build_object('id', s.id, 'submittedAt', to_char(s.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'name', s.name, 'email', s.email, 'linkedin', s.linkedin, 'company', s.company, 'interest', s.interest, 'comments', s.comments)`;

/** How other features hand work to the spreadsheet sync. */
@Injectable()
export class SheetsOutbox {
  constructor(
    private readonly poster: SheetsPoster,
    private readonly worker: DeliveryWorker,
  ) {}

  /** Whether stored submissions are to be queued (SHEETS_WEBHOOK_URL is set). */
  get enabled(): boolean {
    return this.poster.enabled;
  }

  /** Queues, in the caller's transaction, the spreadsheet's `erase` of these submissions (when the sync is on). */
  async queueErasure(manager: EntityManager, ids: string[]): Promise<void> {
    if (!this.enabled || ids.length === 0) return;
    await queueDeliveries(manager, [{ channel: SHEET_CHANNEL, event: 'erase', payload: { action: 'erase', ids } }]);
  }

  /**
   * Queues, in the caller's transaction, the spreadsheet copy of a submission again (also
   * after it failed or was delivered), with its fields as they are now.
   */
  async requeue(manager: EntityManager, submissionId: string): Promise<void> {
    await manager.query(
      `INSERT INTO deliveries (channel, event, submission_id, payload)
       SELECT '${SHEET_CHANNEL}', 'append', s.id, ${SHEET_ROW_SQL} FROM contact_submissions s WHERE s.id = $1
       ON CONFLICT (submission_id) WHERE channel = '${SHEET_CHANNEL}' DO UPDATE
         SET status = 'pending', attempts = 0, next_attempt_at = now(), last_status = NULL, last_error = NULL,
             delivered_at = NULL, payload = excluded.payload`,
      [submissionId],
    );
  }

  /** Call after the caller's transaction committed: the worker sends the delivery now. */
  deliverSoon(): void {
    if (this.poster.enabled) this.worker.nudge();
  }
}
