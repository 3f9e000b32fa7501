import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Patch,
  Post,
  PreconditionFailedException,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPreconditionFailedResponse,
  ApiProduces,
  ApiTooManyRequestsResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../identity/current-user.decorator.js';
import type { Account } from '../identity/session-user.js';
import { MinRole } from '../identity/roles.js';
import { ErasureService } from '../leads/erasure.service.js';
import { uuidParam } from '../common/uuid-param.js';
import { ContactEmailsService } from './contact-emails.service.js';
import { ContactNotesService } from './contact-notes.service.js';
import { ContactTriageService } from './contact-triage.service.js';
import { ContactsExportService } from './contacts-export.service.js';
import { ExportQueryDto } from './dto/export-query.dto.js';
import { ContactsListService } from './contacts-list.service.js';
import { ContactEmailDto } from './dto/contact-email.dto.js';
import { ContactDetailDto, DeliveryDto, NoteDto } from '../leads/dto/contact-detail.dto.js';
import { CreateNoteDto } from './dto/create-note.dto.js';
import { ContactSubmissionDto } from '../leads/dto/contact-submission.dto.js';
import { ListContactsQueryDto } from './dto/list-contacts-query.dto.js';
import { UpdateContactDto } from './dto/update-contact.dto.js';
import { BulkDeleteResultDto, BulkIdsDto, BulkUpdateContactsDto, BulkUpdateResultDto } from './dto/bulk-contacts.dto.js';
import { ContactsBulkService } from './contacts-bulk.service.js';
import { etagOf } from '../leads/lead-version.js';
import { SubmissionId } from './submission-id.param.js';

const ETAG_HEADER = {
  ETag: { schema: { type: 'string' }, description: 'The lead\'s version (`"<version>"`), for PATCH\'s If-Match.' },
};

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
    private readonly notes: ContactNotesService,
    private readonly bulk: ContactsBulkService,
  ) {}

  @Post('bulk')
  @MinRole('member')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description:
      'The status, assignee and/or follow-up given, on every lead named, in one transaction (each change audited, its webhooks queued, ' +
      'a held lead released); unknown ids are skipped and not counted.',
    type: BulkUpdateResultDto,
  })
  @ApiForbiddenResponse({ description: 'A viewer changes nothing.' })
  bulkUpdate(@Body() body: BulkUpdateContactsDto, @CurrentUser() user: Account): Promise<BulkUpdateResultDto> {
    return this.bulk.update(body, user);
  }

  @Post('bulk-delete')
  @MinRole('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description: 'Each lead named erased as `DELETE …/:id` would; unknown ids are not counted.',
    type: BulkDeleteResultDto,
  })
  @ApiForbiddenResponse({ description: 'Only an admin deletes leads.' })
  bulkDelete(@Body() body: BulkIdsDto, @CurrentUser() user: Account): Promise<BulkDeleteResultDto> {
    return this.bulk.erase(body.ids, user);
  }

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
      'RFC 4180 quoting, a cell that starts with = + - @ tab or CR prefixed with an apostrophe. Columns: the lead as it arrived, ' +
      'then its working fields (assignee_name, follow_up_at, first_responded_at, response_minutes, notes: their count, last_note).',
    schema: { type: 'string' },
  })
  @ApiTooManyRequestsResponse({ description: 'The user already runs two exports; see `Retry-After`.' })
  async exportCsv(@Query() query: ExportQueryDto, @Res() res: Response, @CurrentUser() user: Account): Promise<void> {
    await this.exporter.exportCsv(query, res, user);
  }

  @Get(':id')
  @MinRole('viewer')
  @ApiOkResponse({
    description: 'The submission with its notes, status history and spreadsheet delivery.',
    type: ContactDetailDto,
    headers: ETAG_HEADER,
  })
  @ApiNotFoundResponse({ description: 'No submission with this id (or the id is not a UUID).' })
  async detail(@SubmissionId() id: string, @Res({ passthrough: true }) res: Response): Promise<ContactDetailDto> {
    const detail = await this.triage.detail(id);
    // The ETag is for If-Match: not kept by a browser, whose revalidation (a 304 for the same
    // version) would miss what the version does not count (the spreadsheet copy's state, names).
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('ETag', etagOf(detail.version));
    return detail;
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
  @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag read: refused with 412 when the lead changed since.' })
  @ApiOkResponse({
    description: 'Changed; the submission as `GET …/:id` answers it.',
    type: ContactDetailDto,
    headers: ETAG_HEADER,
  })
  @ApiPreconditionFailedResponse({
    description:
      'The lead changed since the If-Match version; nothing changed. The body is its current detail (and ETag its version).',
    type: ContactDetailDto,
  })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  async update(
    @SubmissionId() id: string,
    @Body() changes: UpdateContactDto,
    @CurrentUser() user: Account,
    @Res({ passthrough: true }) res: Response,
    @Headers('if-match') ifMatch?: string,
  ): Promise<ContactDetailDto> {
    const detail = await this.triage.update(id, changes, user, ifMatch).catch((error: unknown) => {
      // A 412's body is the lead as it is now: its ETag goes with it.
      if (error instanceof PreconditionFailedException)
        res.setHeader('ETag', etagOf((error.getResponse() as ContactDetailDto).version));
      throw error;
    });
    res.setHeader('ETag', etagOf(detail.version));
    return detail;
  }

  @Post(':id/notes')
  @MinRole('member')
  @ApiCreatedResponse({ description: "Added to the lead's thread.", type: NoteDto })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  addNote(@SubmissionId() id: string, @Body() note: CreateNoteDto, @CurrentUser() user: Account): Promise<NoteDto> {
    return this.notes.add(id, note, user);
  }

  @Delete(':id/notes/:noteId')
  @MinRole('member')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiForbiddenResponse({ description: 'Only its author or an admin deletes a note.' })
  @ApiNotFoundResponse({ description: 'No such note on this lead.' })
  deleteNote(
    @SubmissionId() id: string,
    @uuidParam('noteId', 'No note with this id on this lead') noteId: string,
    @CurrentUser() user: Account,
  ): Promise<void> {
    return this.notes.remove(id, noteId, user);
  }

  @Post(':id/redeliver')
  @MinRole('member')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: 'Its spreadsheet copy is queued again.', type: DeliveryDto })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  @ApiConflictResponse({ description: 'The spreadsheet sync is off, or the lead is held as spam (release it first).' })
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
