import { Controller, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../identity/public.decorator.js';
import { CalendarWebhooks } from './calendar-webhooks.service.js';
import { CalendarEventResultDto } from './dto/calendar-event-result.dto.js';

/** The scheduling tools' webhooks: a lead's meeting booked, rescheduled or cancelled (docs/booking.md). */
@ApiTags('integrations')
@Controller('integrations')
@Public()
export class CalendarWebhooksController {
  constructor(private readonly webhooks: CalendarWebhooks) {}

  @Post('calcom')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: CalendarEventResultDto })
  @ApiUnauthorizedResponse({ description: 'No or a wrong `X-Cal-Signature-256` (hex HMAC-SHA256 of the raw body).' })
  @ApiNotFoundResponse({ description: 'CALCOM_WEBHOOK_SECRET is not set: the route is off.' })
  @ApiBadRequestResponse({ description: 'A signed body that is not a booking event.' })
  calcom(@Req() req: Request, @Headers('x-cal-signature-256') signature?: string): Promise<CalendarEventResultDto> {
    return this.webhooks.calcom(req, signature);
  }

  @Post('calendly')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: CalendarEventResultDto })
  @ApiUnauthorizedResponse({ description: 'No, a wrong or a stale (over 3 minutes) `Calendly-Webhook-Signature`.' })
  @ApiNotFoundResponse({ description: 'CALENDLY_WEBHOOK_SIGNING_KEY is not set: the route is off.' })
  @ApiBadRequestResponse({ description: 'A signed body that is not a booking event.' })
  calendly(@Req() req: Request, @Headers('calendly-webhook-signature') signature?: string): Promise<CalendarEventResultDto> {
    return this.webhooks.calendly(req, signature);
  }
}
