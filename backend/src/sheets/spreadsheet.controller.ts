import { Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../identity/current-user.decorator.js';
import type { Account } from '../identity/session-user.js';
import { MinRole } from '../identity/roles.js';
import { uuidParam } from '../common/uuid-param.js';
import { DeliveryLogEntryDto } from '../deliveries/delivery-log-entry.dto.js';
import { SpreadsheetDto } from './dto/spreadsheet.dto.js';
import { SpreadsheetLog } from './spreadsheet-log.service.js';

/** The spreadsheet copy's delivery log, `/api/admin/spreadsheet/**`, shown with the webhooks. Every route: admin only. */
@ApiTags('admin')
@MinRole('admin')
@Controller('admin/spreadsheet')
export class SpreadsheetController {
  constructor(private readonly log: SpreadsheetLog) {}

  @Get()
  @ApiOkResponse({ description: 'Whether the copy is configured, and since when it has been failing.', type: SpreadsheetDto })
  state(): Promise<SpreadsheetDto> {
    return this.log.state();
  }

  @Get('deliveries')
  @ApiOkResponse({ description: 'The latest 100 deliveries to the spreadsheet, newest first.', type: [DeliveryLogEntryDto] })
  deliveries(): Promise<DeliveryLogEntryDto[]> {
    return this.log.deliveries();
  }

  @Post('deliveries/:deliveryId/redeliver')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: 'Queued again, as it was (same `delivery` id).', type: DeliveryLogEntryDto })
  @ApiNotFoundResponse({ description: 'No spreadsheet delivery with this id.' })
  @ApiConflictResponse({ description: 'The spreadsheet sync is off.' })
  redeliver(
    @uuidParam('deliveryId', 'No spreadsheet delivery with this id') deliveryId: string,
    @CurrentUser() user: Account,
  ): Promise<DeliveryLogEntryDto> {
    return this.log.redeliver(deliveryId, user);
  }
}
