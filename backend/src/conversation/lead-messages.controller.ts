import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  PreconditionFailedException,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPreconditionFailedResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { uuidParam } from '../common/uuid-param.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { MinRole } from '../identity/roles.js';
import type { Account } from '../identity/session-user.js';
import { ContactDetailDto } from '../leads/dto/contact-detail.dto.js';
import { etagOf } from '../leads/lead-version.js';
import { attachmentDisposition, servedContentType } from './attachment-headers.js';
import { LeadMessageDto } from './dto/lead-message.dto.js';
import { SendMessageDto } from './dto/send-message.dto.js';
import { ThreadQueryDto } from './dto/thread-query.dto.js';
import { LeadThreads } from './lead-threads.service.js';
import { MessageSending } from './message-sending.service.js';

const LeadId = () => uuidParam('id', 'No submission with this id');

/** A lead's conversation, `/api/admin/contacts/:id/messages/**`: the thread, a message sent, an attachment. */
@ApiTags('admin')
@Controller('admin/contacts/:id/messages')
export class LeadMessagesController {
  constructor(
    private readonly threads: LeadThreads,
    private readonly sending: MessageSending,
  ) {}

  @Get()
  @MinRole('viewer')
  @ApiOkResponse({
    description:
      "The lead's messages, sent and received, oldest first (with `last`, the newest that many). `X-Total-Count`: how many the thread holds.",
    type: [LeadMessageDto],
    headers: { 'X-Total-Count': { description: 'Messages in the whole thread.', schema: { type: 'integer' } } },
  })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  async thread(
    @LeadId() id: string,
    @Query() query: ThreadQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LeadMessageDto[]> {
    const { messages, total } = await this.threads.of(id, query.last);
    res.set('X-Total-Count', String(total));
    return messages;
  }

  @Post()
  @MinRole('member')
  @HttpCode(HttpStatus.CREATED)
  @ApiHeader({ name: 'If-Match', required: false, description: "The lead's ETag read: refused with 412 when it changed since." })
  @ApiCreatedResponse({
    description: "Queued (state `queued`; `sent` once the SMTP server took it). ETag: the lead's new version.",
    type: LeadMessageDto,
  })
  @ApiPreconditionFailedResponse({
    description: 'The lead changed since the If-Match version; nothing sent. The body is its detail.',
    type: ContactDetailDto,
  })
  @ApiConflictResponse({ description: 'E-mail is not set up, or the lead is held as spam.' })
  @ApiNotFoundResponse({ description: 'No submission with this id (or erased).' })
  async send(
    @LeadId() id: string,
    @Body() body: SendMessageDto,
    @CurrentUser() user: Account,
    @Res({ passthrough: true }) res: Response,
    @Headers('if-match') ifMatch?: string,
  ): Promise<LeadMessageDto> {
    const { message, version } = await this.sending.send(id, body, user, ifMatch).catch((error: unknown) => {
      if (error instanceof PreconditionFailedException)
        res.setHeader('ETag', etagOf((error.getResponse() as ContactDetailDto).version));
      throw error;
    });
    res.setHeader('ETag', etagOf(version));
    return message;
  }

  @Get(':messageId/attachments/:attachmentId')
  @MinRole('viewer')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description:
      'The file, `Content-Disposition: attachment`, its declared type unless active content (HTML, SVG, XML, scripts: `application/octet-stream`), `X-Content-Type-Options: nosniff`.',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiNotFoundResponse({
    description: 'No such attachment on this message of this lead, or it was over the size limit (not kept).',
  })
  async attachment(
    @LeadId() id: string,
    @uuidParam('messageId', 'No message with this id on this lead') messageId: string,
    @uuidParam('attachmentId', 'No attachment with this id on this message') attachmentId: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.threads.attachment(id, messageId, attachmentId);
    res
      .status(200)
      .set({
        'Content-Type': servedContentType(file.contentType),
        'Content-Disposition': attachmentDisposition(file.filename),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      })
      .end(file.content);
  }
}
