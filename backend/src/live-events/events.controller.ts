import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MinRole } from '../identity/roles.js';
import { EventStream } from './event-stream.service.js';

@ApiTags('admin')
@Controller('admin/events')
export class EventsController {
  constructor(private readonly stream: EventStream) {}

  /** The dashboard's live events (server-sent events); stays open until the client leaves. */
  @MinRole('viewer')
  @Get()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description:
      'text/event-stream: `event: lead.created` with `data: {"id":"<uuid>","assigneeId":…,"routing":…}` for every stored lead, and a comment line every 25 s.',
  })
  @ApiUnauthorizedResponse({ description: 'Not signed in.' })
  events(@Req() req: Request, @Res() res: Response): void {
    this.stream.open(req, res);
  }
}
