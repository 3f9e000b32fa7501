import { Injectable } from '@nestjs/common';
import { SheetsClient } from './sheets-client.service.js';
import { SheetsWorker } from './sheets-worker.service.js';

/** How other features hand a stored submission to the spreadsheet sync. */
@Injectable()
export class SheetsOutbox {
  constructor(
    private readonly client: SheetsClient,
    private readonly worker: SheetsWorker,
  ) {}

  /** Whether stored submissions are to be queued (SHEETS_WEBHOOK_URL is set). */
  get enabled(): boolean {
    return this.client.enabled;
  }

  /** Call after the caller's transaction committed: the worker sends the delivery now. */
  deliverSoon(): void {
    if (this.client.enabled) this.worker.nudge();
  }
}
