import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import type { Environment } from '../config/environment.js';
import { readBody } from '../common/read-body.js';
import { calcomEvent, calendlyEvent, parseJson } from './calendar-event.js';
import { calcomSignatureValid, calendlySignatureValid } from './calendar-signatures.js';
import { Meetings, type TakenEvent } from './meetings.service.js';

/**
 * A calendar webhook's body is a booking's JSON, a few kilobytes: behind nginx the API's 64 KiB
 * cap applies first; 1 MB bounds what a client reaching the API directly may make it hold.
 */
export const CALENDAR_BODY_MAX_BYTES = 1024 * 1024;

/**
 * The doors of `POST /api/integrations/calcom` and `…/calendly`: 404 while the provider's
 * secret is unset; the raw body read (the JSON parser skips these routes: src/common/
 * json-body.ts) and its signature checked in constant time before anything of it is parsed
 * (401 when missing, wrong or, for Calendly, over three minutes old); then the event handed
 * to Meetings. Events of other kinds are answered 202 and ignored.
 */
@Injectable()
export class CalendarWebhooks {
  private readonly calcomSecret: string | undefined;
  private readonly calendlyKey: string | undefined;

  constructor(
    config: ConfigService<Environment, true>,
    private readonly meetings: Meetings,
  ) {
    this.calcomSecret = config.get('CALCOM_WEBHOOK_SECRET', { infer: true });
    this.calendlyKey = config.get('CALENDLY_WEBHOOK_SIGNING_KEY', { infer: true });
  }

  async calcom(req: Request, signature: string | undefined): Promise<TakenEvent> {
    if (!this.calcomSecret) throw new NotFoundException(`Cannot POST ${req.originalUrl}`);
    const raw = await readBody(req, CALENDAR_BODY_MAX_BYTES);
    if (!calcomSignatureValid(this.calcomSecret, raw, signature))
      throw new UnauthorizedException('A valid X-Cal-Signature-256 is required');
    const event = calcomEvent(parseJson(raw));
    return event ? this.meetings.take(event) : { stored: 0 };
  }

  async calendly(req: Request, signature: string | undefined): Promise<TakenEvent> {
    if (!this.calendlyKey) throw new NotFoundException(`Cannot POST ${req.originalUrl}`);
    const raw = await readBody(req, CALENDAR_BODY_MAX_BYTES);
    if (!calendlySignatureValid(this.calendlyKey, raw, signature, new Date()))
      throw new UnauthorizedException('A valid Calendly-Webhook-Signature of the last 3 minutes is required');
    const event = calendlyEvent(parseJson(raw));
    return event ? this.meetings.take(event) : { stored: 0 };
  }
}
