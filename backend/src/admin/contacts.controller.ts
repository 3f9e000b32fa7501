import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ContactsExportService } from './contacts-export.service.js';
import { contactFilters } from './contact-filters.js';
import { ContactFiltersQueryDto } from './dto/contact-filters-query.dto.js';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { ContactDetailDto, DeliveryDto } from './dto/contact-detail.dto.js';
import { UpdateContactDto } from './dto/update-contact.dto.js';
import { InboxService } from './inbox.service.js';

/** One lead of the inbox. (The list is AdminController's.) */
@ApiTags('admin')
@Controller('admin/contacts')
export class ContactsController {
  constructor(
    private readonly inbox: InboxService,
    private readonly exporter: ContactsExportService,
  ) {}

  // Before ':id', which would take "export.csv" for an id.
  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'Every submission that matches the filters (as the list takes them), newest first, as CSV: UTF-8 with a BOM, a header row, ' +
      'RFC 4180 quoting, a cell that starts with = + - @ tab or CR prefixed with an apostrophe.',
    schema: { type: 'string' },
  })
  async exportCsv(@Query() query: ContactFiltersQueryDto, @Res() res: Response, @CurrentUser() user: SessionUser): Promise<void> {
    await this.exporter.exportCsv(contactFilters(query), res, user.username);
  }

  @Get(':id')
  @ApiOkResponse({
    description: 'The submission with its note, status history and spreadsheet delivery.',
    type: ContactDetailDto,
  })
  @ApiNotFoundResponse({ description: 'No submission with this id (or the id is not a UUID).' })
  detail(@Param('id') id: string): Promise<ContactDetailDto> {
    return this.inbox.detail(id);
  }

  @Patch(':id')
  @ApiOkResponse({ description: 'Changed; the submission as `GET …/:id` answers it.', type: ContactDetailDto })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  update(
    @Param('id') id: string,
    @Body() changes: UpdateContactDto,
    @CurrentUser() user: SessionUser,
  ): Promise<ContactDetailDto> {
    return this.inbox.update(id, changes, user.username);
  }

  @Post(':id/redeliver')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: 'Its spreadsheet copy is queued again.', type: DeliveryDto })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  @ApiConflictResponse({ description: 'The spreadsheet sync is off.' })
  redeliver(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<DeliveryDto> {
    return this.inbox.redeliver(id, user.username);
  }
}
