import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { SheetsOutbox } from './sheets-outbox.service.js';
import { SheetsPoster } from './sheets-poster.service.js';

/** Spreadsheet sync: the `sheet` channel of the delivery engine (issue 6, docs/decisions/001; issue 26). */
@Module({
  imports: [DeliveriesModule],
  providers: [SheetsPoster, SheetsOutbox],
  exports: [SheetsOutbox],
})
export class SheetsModule {}
