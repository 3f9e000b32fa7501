import { randomUUID } from 'node:crypto';
import { ConflictException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { RetryLaterException } from '../rate-limit/retry-later.exception.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { findKeyedSubmission, requestHash } from './contact-idempotency.js';
import { THANK_YOU_MESSAGE } from './contact-rules.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import { RATE_WINDOW_MS, SubmissionBatcher, type StoreOutcome } from './submission-batcher.js';

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
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Stores the submission with its spreadsheet delivery (an outbox row), its
   * Idempotency-Key and its hit on the client's limit, all in one commit shared with
   * concurrent submissions (SubmissionBatcher); answers once that commit is done, so a
   * crash right after the answer loses nothing. A retry with a key already stored answers
   * the first answer again and stores nothing.
   */
  async submit(dto: CreateContactDto, clientIp: string, key?: string): Promise<ContactReceipt> {
    const rateKey = `contact:${clientIp}`;
    if (dto.website) return this.dropBot(rateKey);
    const hash = key === undefined ? null : requestHash(dto);
    if (key !== undefined && hash !== null) {
      const earlier = await findKeyedSubmission(this.dataSource.manager, key, hash);
      if (earlier !== undefined) return { message: THANK_YOU_MESSAGE, id: earlier };
    }
    const id = randomUUID();
    const outcome = await this.store({ ...this.columns(dto), id, rateKey, idempotencyKey: key ?? null, requestHash: hash });
    if (outcome.result === 'limited') throw new TooManyRequestsException(TOO_MANY, outcome.retryAfter);
    if (outcome.result === 'key-taken') return this.answerOfKey(key!, hash!);
    return { message: THANK_YOU_MESSAGE, id };
  }

  private columns(dto: CreateContactDto) {
    return {
      name: dto.name,
      email: dto.email,
      linkedin: dto.linkedin ?? null,
      company: dto.company ?? null,
      interest: dto.interest,
      comments: dto.comments ?? null,
      utmSource: dto.utmSource ?? null,
      utmMedium: dto.utmMedium ?? null,
      utmCampaign: dto.utmCampaign ?? null,
      utmTerm: dto.utmTerm ?? null,
      utmContent: dto.utmContent ?? null,
      referrer: dto.referrer ?? null,
      landingPath: dto.landingPath ?? null,
      consentVersion: dto.consentVersion ?? null,
    };
  }

  private store(submission: Parameters<SubmissionBatcher['store']>[0]): Promise<StoreOutcome> {
    return this.batcher.store(submission).catch(() => {
      throw new RetryLaterException(
        HttpStatus.SERVICE_UNAVAILABLE,
        'Service Unavailable',
        'The form cannot be saved right now. Please try again shortly.',
        5,
      );
    });
  }

  /** A request with the same key was stored while this one was in flight: its answer. */
  private async answerOfKey(key: string, hash: string): Promise<ContactReceipt> {
    const earlier = await findKeyedSubmission(this.dataSource.manager, key, hash);
    // The key's first request was refused in the same batch (its client past the limit).
    if (earlier === undefined)
      throw new ConflictException('A request with this Idempotency-Key is still being handled; try again');
    return { message: THANK_YOU_MESSAGE, id: earlier };
  }

  /** A bot filled the honeypot: it counts against the limit and gets a person's answer; nothing is kept. */
  private async dropBot(rateKey: string): Promise<ContactReceipt> {
    const { hits, retryAfter } = await this.rateLimit.hit(rateKey, RATE_WINDOW_MS);
    if (hits > this.config.get('CONTACT_RATE_LIMIT', { infer: true })) throw new TooManyRequestsException(TOO_MANY, retryAfter);
    this.logger.log('honeypot filled: submission dropped');
    return { message: THANK_YOU_MESSAGE, id: randomUUID() };
  }
}
