import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { Account } from '../auth/session-user.js';
import { MinRole } from '../common/roles.js';
import { ErasureService } from '../erasure/erasure.service.js';
import { ContactEmailsService } from './contact-emails.service.js';
import { ContactTriageService } from './contact-triage.service.js';
import { ContactsExportService } from './contacts-export.service.js';
import { ContactsListService } from './contacts-list.service.js';
import { ContactEmailDto } from './dto/contact-email.dto.js';
import { ContactDetailDto, DeliveryDto } from './dto/contact-detail.dto.js';
import { ContactFiltersQueryDto } from './dto/contact-filters-query.dto.js';
import { ContactSubmissionDto } from './dto/contact-submission.dto.js';
import { ListContactsQueryDto } from './dto/list-contacts-query.dto.js';
import { UpdateContactDto } from './dto/update-contact.dto.js';
import { SubmissionId } from './submission-id.param.js';

/**
 * The leads, `/api/admin/contacts/**`: the list, the export, one lead's triage and its
 * erasure.
 */
@ApiTags('admin')
@Controller('admin/contacts')
export class ContactsController {
  constructor(
    private readonly list: ContactsListService,
    private readonly exporter: ContactsExportService,
    private readonly triage: ContactTriageService,
    private readonly erasure: ErasureService,
    private readonly emails: ContactEmailsService,
  ) {}

  @Get()
  @MinRole('viewer')
  @ApiOkResponse({
    description:
      'Submissions that match the filters, newest first; a `Link: rel="next"` header (same filters) when more exist. ' +
      '`X-Total-Count`: the rows that match, exact up to 10,000 and estimated beyond (then `X-Total-Count-Estimated: true`).',
    type: [ContactSubmissionDto],
    headers: {
      'X-Total-Count': { schema: { type: 'integer' }, description: 'Rows that match the filters.' },
      'X-Total-Count-Estimated': {
        schema: { type: 'string', enum: ['true'] },
        description: 'Present when the count is an estimate.',
      },
      Link: { schema: { type: 'string' }, description: 'RFC 8288 `rel="next"` link when more rows exist.' },
    },
  })
  async listContacts(
    @Query() query: ListContactsQueryDto,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: Account,
  ): Promise<ContactSubmissionDto[]> {
    const page = await this.list.list(query, user.id);
    res.set(page.headers);
    return page.items;
  }

  // Before ':id', which would take "export.csv" for an id.
  @Get('export.csv')
  @MinRole('member')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'Every submission that matches the filters (as the list takes them), newest first, as CSV: UTF-8 with a BOM, a header row, ' +
      'RFC 4180 quoting, a cell that starts with = + - @ tab or CR prefixed with an apostrophe.',
    schema: { type: 'string' },
  })
  async exportCsv(@Query() query: ContactFiltersQueryDto, @Res() res: Response, @CurrentUser() user: Account): Promise<void> {
    await this.exporter.exportCsv(query, res, user);
  }

  @Get(':id')
  @MinRole('viewer')
  @ApiOkResponse({
    description: 'The submission with its note, status history and spreadsheet delivery.',
    type: ContactDetailDto,
  })
  @ApiNotFoundResponse({ description: 'No submission with this id (or the id is not a UUID).' })
  detail(@SubmissionId() id: string): Promise<ContactDetailDto> {
    return this.triage.detail(id);
  }

  @Get(':id/emails')
  @MinRole('viewer')
  @ApiOkResponse({ description: 'The e-mails sent (or queued) about the submission, newest first.', type: [ContactEmailDto] })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  emailsAbout(@SubmissionId() id: string): Promise<ContactEmailDto[]> {
    return this.emails.list(id);
  }

  @Patch(':id')
  @MinRole('member')
  @ApiOkResponse({ description: 'Changed; the submission as `GET …/:id` answers it.', type: ContactDetailDto })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  update(@SubmissionId() id: string, @Body() changes: UpdateContactDto, @CurrentUser() user: Account): Promise<ContactDetailDto> {
    return this.triage.update(id, changes, user);
  }

  @Post(':id/redeliver')
  @MinRole('member')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: 'Its spreadsheet copy is queued again.', type: DeliveryDto })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  @ApiConflictResponse({ description: 'The spreadsheet sync is off.' })
  redeliver(@SubmissionId() id: string, @CurrentUser() user: Account): Promise<DeliveryDto> {
    return this.triage.redeliver(id, user);
  }

  @Delete(':id')
  @MinRole('admin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Erased, with its spreadsheet row (an erase delivery is queued).' })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  deleteContact(@SubmissionId() id: string, @CurrentUser() user: Account): Promise<void> {
    return this.erasure.eraseById(id, user);
  }
}
