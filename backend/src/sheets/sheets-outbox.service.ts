import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { queueDeliveries, queueDeliveriesSql } from '../deliveries/queue-delivery.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { leadPayloadSql } from '../leads/lead-payload.js';
import { SHEET_CHANNEL } from '../leads/spreadsheet-copy.js';
import { SheetsPoster } from './sheets-poster.service.js';

/**
 * A submission's row as the spreadsheet receives it (`id`, `submittedAt` and the form's
 * fields), built in SQL from a `contact_submissions` row aliased `s`, so the payload is
 * decided when queued, also inside the contact form's one batch statement.
 */
const SHEET_ROW = leadPayloadSql(['id', 'submittedAt', 'name', 'email', 'linkedin', 'company', 'interest', 'comments']);

/**
 * The spreadsheet's channel of the lead's events: each stored lead's row (while
 * SHEETS_WEBHOOK_URL is set), queued again on release or on request, and the `erase` of
 * erased leads.
 */
@Injectable()
export class SheetsOutbox implements OnModuleInit {
  constructor(
    private readonly poster: SheetsPoster,
    private readonly leadEvents: LeadEvents,
  ) {}

  onModuleInit(): void {
    this.leadEvents.register({
      name: SHEET_CHANNEL,
      intake: {
        sql: (parameter) =>
          queueDeliveriesSql(
            `SELECT '${SHEET_CHANNEL}', '', 'append', s.id, ${SHEET_ROW} FROM stored s WHERE ${parameter(() => this.enabled, 'boolean')}`,
          ),
      },
      created: async (manager, lead) => {
        if (this.enabled) await this.requeue(manager, lead.id);
      },
      resend: { enabled: () => this.enabled, queue: (manager, leadId) => this.requeue(manager, leadId) },
      erased: (manager, ids) => this.queueErasure(manager, ids),
    });
  }

  /** Whether stored submissions are to be queued (SHEETS_WEBHOOK_URL is set). */
  get enabled(): boolean {
    return this.poster.enabled;
  }

  /** Queues, in the caller's transaction, the spreadsheet's `erase` of these submissions (when the sync is on). */
  private async queueErasure(manager: EntityManager, ids: string[]): Promise<void> {
    if (!this.enabled || ids.length === 0) return;
    await queueDeliveries(manager, [{ channel: SHEET_CHANNEL, event: 'erase', payload: { action: 'erase', ids } }]);
  }

  /**
   * Queues, in the caller's transaction, the spreadsheet copy of a submission again (also
   * after it failed or was delivered), with its fields as they are now.
   */
  private async requeue(manager: EntityManager, submissionId: string): Promise<void> {
    await manager.query(
      queueDeliveriesSql(
        `SELECT '${SHEET_CHANNEL}', '', 'append', s.id, ${SHEET_ROW} FROM contact_submissions s WHERE s.id = $1`,
        `ON CONFLICT (submission_id) WHERE channel = '${SHEET_CHANNEL}' DO UPDATE
         SET status = 'pending', attempts = 0, next_attempt_at = now(), last_status = NULL, last_error = NULL,
             delivered_at = NULL, payload = excluded.payload`,
      ),
      [submissionId],
    );
  }
}
