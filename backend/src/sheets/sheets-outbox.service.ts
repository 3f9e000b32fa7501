import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SheetDelivery } from './sheet-delivery.entity.js';
import { SheetsClient } from './sheets-client.service.js';
import { SheetsWorker } from './sheets-worker.service.js';

/** How other features hand a stored submission to the spreadsheet sync. */
@Injectable()
export class SheetsOutbox {
  constructor(
    private readonly client: SheetsClient,
    private readonly worker: SheetsWorker,
  ) {}

  /**
   * Queues the submission for delivery, inside the caller's transaction (`manager`), so that
   * the submission and its delivery are stored together or not at all. Nothing when the sync
   * is off (SHEETS_WEBHOOK_URL unset).
   */
  async enqueue(manager: EntityManager, submissionId: string): Promise<void> {
    if (!this.client.enabled) return;
    await manager.insert(SheetDelivery, { submissionId });
  }

  /** Call after the caller's transaction committed: the worker sends the delivery now. */
  deliverSoon(): void {
    if (this.client.enabled) this.worker.nudge();
  }
}
