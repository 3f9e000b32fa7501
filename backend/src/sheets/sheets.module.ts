import { Module } from '@nestjs/common';
import { SheetsClient } from './sheets-client.service.js';
import { SheetsOutbox } from './sheets-outbox.service.js';
import { SheetsWorker } from './sheets-worker.service.js';

/** Spreadsheet sync: an outbox table sent by a worker in each API process (issue 6, docs/decisions/001). */
@Module({
  providers: [SheetsClient, SheetsWorker, SheetsOutbox],
  exports: [SheetsOutbox],
})
export class SheetsModule {}
