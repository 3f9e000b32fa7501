import { createHash, timingSafeEqual } from 'node:crypto';
import {
  BadRequestException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import type { Environment } from '../config/environment.js';
import type { InboundResultDto } from './dto/lead-message.dto.js';
import { INBOUND_MAX_BYTES } from './inbound-message.js';
import { bodyChunks } from '../common/read-body.js';
import { InboundMessages, NotAMessageError } from './inbound-messages.service.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * `POST /api/inbound/email`'s door: 404 while INBOUND_EMAIL_SECRET is unset, 401 without the
 * bearer secret (compared in constant time), 415 for a body that is not `message/rfc822`, then
 * the body handed to InboundMessages as it streams (parsed as it comes, never held whole), 413
 * past 25 MB (nothing stored), 400 when it is no message. The secret is checked before a byte
 * of the body is read.
 */
@Injectable()
export class InboundEmailEndpoint {
  private readonly secret: Buffer | undefined;

  constructor(
    config: ConfigService<Environment, true>,
    private readonly messages: InboundMessages,
  ) {
    const secret = config.get('INBOUND_EMAIL_SECRET', { infer: true });
    this.secret = secret === undefined ? undefined : sha256(secret);
  }

  async take(req: Request, authorization: string | undefined): Promise<InboundResultDto> {
    if (!this.secret) throw new NotFoundException(`Cannot POST ${req.originalUrl}`);
    const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
    // Hashed first: equal lengths for timingSafeEqual, and no length told by the time taken.
    if (!timingSafeEqual(sha256(given), this.secret))
      throw new UnauthorizedException('A valid inbound e-mail secret is required');
    if (!req.is('message/rfc822')) throw new UnsupportedMediaTypeException('Content-Type must be message/rfc822');
    try {
      // The declared size says whether a text part may be long enough to cut (mime-parser.ts).
      const declared = Number(req.headers['content-length']);
      const declaredBytes = Number.isSafeInteger(declared) ? declared : undefined;
      return await this.messages.receive({ chunks: bodyChunks(req, INBOUND_MAX_BYTES), declaredBytes });
    } catch (error) {
      if (error instanceof NotAMessageError) throw new BadRequestException(error.message);
      throw error;
    }
  }
}
