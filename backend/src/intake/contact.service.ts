import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import { clientNetwork } from '../rate-limit/client-network.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { RetryLaterException } from '../rate-limit/retry-later.exception.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { SpamScorer } from './spam/spam-scorer.service.js';
import { requestHash } from './contact-idempotency.js';
import { THANK_YOU_MESSAGE } from '../leads/contact-rules.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import { type NewSubmission, RATE_WINDOW_MS, SubmissionBatcher, type StoreOutcome } from './submission-batcher.js';

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
    private readonly spam: SpamScorer,
  ) {}

  /**
   * Stores the submission with its spreadsheet delivery (an outbox row), its
   * Idempotency-Key and its hit on the client's limit, all in one commit shared with
   * concurrent submissions (SubmissionBatcher); answers once that commit is done, so a
   * crash right after the answer loses nothing. A retry with a key already stored answers
   * the first answer again and stores nothing.
   */
  async submit(dto: CreateContactDto, clientIp: string, key?: string): Promise<ContactReceipt> {
    const rateKey = `contact:${clientNetwork(clientIp)}`;
    if (dto.website) return this.dropBot(rateKey);
    const id = randomUUID();
    const hash = key === undefined ? null : requestHash(dto);
    const verdict = await this.spam.score(dto, clientIp);
    if (verdict.heldAsSpam)
      this.logger.log({ id, spamScore: verdict.spamScore, spamReasons: verdict.spamReasons, msg: 'submission held as spam' });
    const outcome = await this.store({
      ...dto,
      id,
      rateKey,
      idempotencyKey: key ?? null,
      requestHash: hash,
      spamScore: verdict.spamScore,
      spamReasonList: verdict.spamReasons.join(','),
      heldAsSpam: verdict.heldAsSpam,
    });
    switch (outcome.result) {
      case 'limited':
        throw new TooManyRequestsException(TOO_MANY, outcome.retryAfter);
      // The same key with another body is a client bug: answering the first id would hide it.
      case 'key-reused':
        throw new UnprocessableEntityException('Idempotency-Key was already used for a different submission');
      case 'repeat':
        return { message: THANK_YOU_MESSAGE, id: outcome.id };
      case 'stored':
        return { message: THANK_YOU_MESSAGE, id };
    }
  }

  private store(submission: NewSubmission): Promise<StoreOutcome> {
    return this.batcher.store(submission).catch(() => {
      throw new RetryLaterException(
        HttpStatus.SERVICE_UNAVAILABLE,
        'Service Unavailable',
        'The form cannot be saved right now. Please try again shortly.',
        5,
      );
    });
  }

  /** A bot filled the honeypot: it counts against the limit and gets a person's answer; nothing is kept. */
  private async dropBot(rateKey: string): Promise<ContactReceipt> {
    const { hits, retryAfter } = await this.rateLimit.hit(rateKey, RATE_WINDOW_MS);
    if (hits > this.config.get('CONTACT_RATE_LIMIT', { infer: true })) throw new TooManyRequestsException(TOO_MANY, retryAfter);
    this.logger.log('honeypot filled: submission dropped');
    return { message: THANK_YOU_MESSAGE, id: randomUUID() };
  }
}
