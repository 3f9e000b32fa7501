import { Controller, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../identity/public.decorator.js';
import { InboundResultDto } from './dto/lead-message.dto.js';
import { InboundEmailEndpoint } from './inbound-email-endpoint.service.js';

/** `POST /api/inbound/email`: a mail provider's inbound webhook (or a relay) hands over a lead's reply, raw. */
@ApiTags('inbound')
@Controller('inbound/email')
export class InboundEmailController {
  constructor(private readonly endpoint: InboundEmailEndpoint) {}

  @Post()
  @Public()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiConsumes('message/rfc822')
  @ApiBody({ description: 'The raw message, at most 25 MB.', schema: { type: 'string', format: 'binary' } })
  @ApiAcceptedResponse({
    description: 'Taken: stored with its lead (1), or not (0: no lead matched, or stored before).',
    type: InboundResultDto,
  })
  @ApiUnauthorizedResponse({ description: 'No or a wrong `Authorization: Bearer <INBOUND_EMAIL_SECRET>`.' })
  @ApiNotFoundResponse({ description: 'INBOUND_EMAIL_SECRET is not set: the route is off.' })
  @ApiPayloadTooLargeResponse({ description: 'Over 25 MB.' })
  @ApiBadRequestResponse({ description: 'The body is not an e-mail message.' })
  receive(@Req() req: Request, @Headers('authorization') authorization?: string): Promise<InboundResultDto> {
    return this.endpoint.take(req, authorization);
  }
}
