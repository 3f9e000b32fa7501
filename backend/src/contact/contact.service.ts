import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { RetryLaterException } from '../rate-limit/retry-later.exception.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { THANK_YOU_MESSAGE } from './contact-rules.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import { RATE_WINDOW_MS, SubmissionBatcher } from './submission-batcher.js';

const TOO_MANY = 'Too many submissions. Please try again later.';

export interface ContactReceipt {
  message: string;
  id: string;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly batcher: SubmissionBatcher,
    private readonly rateLimit: RateLimitService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /**
   * Stores the submission with its spreadsheet delivery (an outbox row) and counts it
   * against the client's limit, all in one commit shared with concurrent submissions
   * (SubmissionBatcher); answers once that commit is done, so a crash right after the
   * answer loses nothing.
   */
  async submit(dto: CreateContactDto, clientIp: string): Promise<ContactReceipt> {
    const rateKey = `contact:${clientIp}`;
    if (dto.website) return this.dropBot(rateKey);
    const id = randomUUID();
    const outcome = await this.batcher
      .store({
        id,
        name: dto.name,
        email: dto.email,
        linkedin: dto.linkedin ?? null,
        company: dto.company ?? null,
        interest: dto.interest,
        comments: dto.comments ?? null,
        rateKey,
      })
      .catch(() => {
        throw new RetryLaterException(
          HttpStatus.SERVICE_UNAVAILABLE,
          'Service Unavailable',
          'The form cannot be saved right now. Please try again shortly.',
          5,
        );
      });
    if (!outcome.accepted) throw new TooManyRequestsException(TOO_MANY, outcome.retryAfter);
    return { message: THANK_YOU_MESSAGE, id };
  }

  /** A bot filled the honeypot: it counts against the limit and gets a person's answer; nothing is kept. */
  private async dropBot(rateKey: string): Promise<ContactReceipt> {
    const { hits, retryAfter } = await this.rateLimit.hit(rateKey, RATE_WINDOW_MS);
    if (hits > this.config.get('CONTACT_RATE_LIMIT', { infer: true })) throw new TooManyRequestsException(TOO_MANY, retryAfter);
    this.logger.log('honeypot filled: submission dropped');
    return { message: THANK_YOU_MESSAGE, id: randomUUID() };
  }
}
