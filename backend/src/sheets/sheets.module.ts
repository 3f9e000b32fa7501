import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { SheetsOutbox } from './sheets-outbox.service.js';
import { SheetsPoster } from './sheets-poster.service.js';
import { SpreadsheetLog } from './spreadsheet-log.service.js';
import { SpreadsheetController } from './spreadsheet.controller.js';

/** Spreadsheet sync: the `sheet` channel of the delivery engine and its delivery log (docs/decisions/013-shared-delivery-outbox.md). */
@Module({
  imports: [AuditModule, DeliveriesModule],
  controllers: [SpreadsheetController],
  providers: [SheetsPoster, SheetsOutbox, SpreadsheetLog],
})
export class SheetsModule {}
