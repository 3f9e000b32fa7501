import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import { DeliveryLogEntryDto } from '../deliveries/delivery-log-entry.dto.js';
import { deliveryLog, failingSince, type LogTarget, sendAgain } from '../deliveries/delivery-log.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import type { SpreadsheetDto } from './dto/spreadsheet.dto.js';
import { SHEET_CHANNEL } from '../leads/spreadsheet-copy.js';
import { SheetsPoster } from './sheets-poster.service.js';

/** The spreadsheet is the one target of its channel. */
const SPREADSHEET: LogTarget = { channel: SHEET_CHANNEL, target: '' };

/** The spreadsheet copy's delivery log (Settings → Webhooks), beside the webhooks' own. */
@Injectable()
export class SpreadsheetLog {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly poster: SheetsPoster,
    private readonly worker: DeliveryWorker,
    private readonly audit: AuditService,
  ) {}

  async state(): Promise<SpreadsheetDto> {
    const since = (await failingSince(this.dataSource.manager, SHEET_CHANNEL, [''])).get('') ?? null;
    return { configured: this.poster.enabled, failingSince: since?.toISOString() ?? null };
  }

  async deliveries(): Promise<DeliveryLogEntryDto[]> {
    return (await deliveryLog(this.dataSource.manager, SPREADSHEET)).map((row) => DeliveryLogEntryDto.from(row));
  }

  /**
   * Sends one delivery again as it was queued (a row as it was then, or an erasure); audited as
   * the lead's `redeliver`, like "Send again" in its drawer. 409 with the sync off.
   */
  async redeliver(deliveryId: string, actor: Actor): Promise<DeliveryLogEntryDto> {
    if (!this.poster.enabled) throw new ConflictException('The spreadsheet sync is off (SHEETS_WEBHOOK_URL is not set)');
    const delivery = await this.dataSource.transaction(async (manager) => {
      const row = await sendAgain(manager, SPREADSHEET, deliveryId);
      if (!row) throw new NotFoundException('No spreadsheet delivery with this id');
      await this.audit.record({ actor, action: 'redeliver', submissionId: row.submissionId, detail: { deliveryId } }, manager);
      return row;
    });
    this.worker.nudge();
    return DeliveryLogEntryDto.from(delivery);
  }
}
