import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import { clientNetwork, publicNetwork } from '../rate-limit/client-network.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { RetryLaterException } from '../rate-limit/retry-later.exception.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { FormTokens } from './spam/form-tokens.service.js';
import { SpamScorer } from './spam/spam-scorer.service.js';
import { requestHash } from './contact-idempotency.js';
import { THANK_YOU_MESSAGE } from '../leads/contact-rules.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import { type Admission, AdmissionBatcher, RATE_WINDOW_MS } from './admission-batcher.js';
import { type NewSubmission, SubmissionBatcher, type StoreOutcome } from './submission-batcher.js';
import { BookingLinks } from '../leads/booking-links.service.js';

const TOO_MANY = 'Too many submissions. Please try again later.';

export interface ContactReceipt {
  message: string;
  id: string;
  /** The link the visitor may book a call with (docs/booking.md); null without one, for held spam and for the honeypot. */
  booking: { url: string } | null;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly admissions: AdmissionBatcher,
    private readonly batcher: SubmissionBatcher,
    private readonly rateLimit: RateLimitService,
    private readonly config: ConfigService<Environment, true>,
    private readonly spam: SpamScorer,
    private readonly formTokens: FormTokens,
    private readonly bookingLinks: BookingLinks,
  ) {}

  /**
   * First the gate (AdmissionBatcher): the client's rate limit, and a retry of a stored
   * Idempotency-Key answered at once. Only an admitted post is scored: a refused one must
   * feed no spam signal (a stranger's refused posts of a text would otherwise make a real
   * visitor's same text `duplicate-text`) and call no captcha provider. Then the submission
   * is stored with its spreadsheet delivery (an outbox row) and its Idempotency-Key, in one
   * commit shared with concurrent submissions (SubmissionBatcher); answers once that commit
   * is done, so a crash right after the answer loses nothing.
   */
  async submit(dto: CreateContactDto, clientIp: string, key?: string): Promise<ContactReceipt> {
    const rateKey = `contact:${clientNetwork(clientIp)}`;
    if (dto.website) return this.dropBot(rateKey);
    const hash = key === undefined ? null : requestHash(dto);
    // A form token is accepted once: the gate spends it, a second post with it reads as having none.
    const tokenKey = this.formTokens.spendKey(dto.formToken);
    const admission = await this.admit({ rateKey, idempotencyKey: key ?? null, requestHash: hash, tokenKey });
    if (admission.result !== 'admitted') return this.answer(admission);
    const id = randomUUID();
    const verdict = await this.spam.score(dto, clientIp, { tokenSpent: tokenKey !== null && !admission.tokenFresh });
    if (verdict.heldAsSpam)
      this.logger.log({ id, spamScore: verdict.spamScore, spamReasons: verdict.spamReasons, msg: 'submission held as spam' });
    const outcome = await this.store({
      ...dto,
      id,
      idempotencyKey: key ?? null,
      requestHash: hash,
      spamScore: verdict.spamScore,
      spamReasonList: verdict.spamReasons.join(','),
      heldAsSpam: verdict.heldAsSpam,
      network: publicNetwork(clientIp),
    }).catch(async (error: unknown) => {
      // Nothing was stored: the post gives back what the gate took (best effort: a database
      // that refused the batch may refuse this too).
      await this.admissions.giveBack(rateKey, admission.tokenFresh ? tokenKey : null).catch(() => undefined);
      throw error;
    });
    if (outcome.result !== 'stored') return this.answer(outcome);
    return { message: THANK_YOU_MESSAGE, id, booking: outcome.bookingUrl === null ? null : { url: outcome.bookingUrl } };
  }

  /** The answer to a post that is not stored now: refused by the limit, a retry (the first answer again), or a reused key. */
  private async answer(
    outcome: Exclude<Admission | StoreOutcome, { result: 'admitted' } | { result: 'stored' }>,
  ): Promise<ContactReceipt> {
    if (outcome.result !== 'repeat') return refused(outcome);
    // A retry is rare: its link costs one query (the answer it repeats named the same one, unless the lead changed hands since).
    const url = await this.bookingLinks.forLead(outcome.id).catch(() => {
      throw unavailable();
    });
    return { message: THANK_YOU_MESSAGE, id: outcome.id, booking: url === null ? null : { url } };
  }

  private admit(request: Parameters<AdmissionBatcher['admit']>[0]): Promise<Admission> {
    return this.admissions.admit(request).catch(() => {
      throw unavailable();
    });
  }

  private store(submission: NewSubmission): Promise<StoreOutcome> {
    return this.batcher.store(submission).catch(() => {
      throw unavailable();
    });
  }

  /**
   * A bot filled the honeypot: it counts against the limit and gets a person's answer; nothing is
   * kept. No booking link: no lead stands behind it, and a bot is not sent to anyone's calendar.
   */
  private async dropBot(rateKey: string): Promise<ContactReceipt> {
    const { hits, retryAfter } = await this.rateLimit.hit(rateKey, RATE_WINDOW_MS);
    if (hits > this.config.get('CONTACT_RATE_LIMIT', { infer: true })) throw new TooManyRequestsException(TOO_MANY, retryAfter);
    this.logger.log('honeypot filled: submission dropped');
    return { message: THANK_YOU_MESSAGE, id: randomUUID(), booking: null };
  }
}

/** A post refused by the limit, or with a reused key. */
function refused(outcome: { result: 'limited'; retryAfter: number } | { result: 'key-reused' }): never {
  if (outcome.result === 'limited') throw new TooManyRequestsException(TOO_MANY, outcome.retryAfter);
  // The same key with another body is a client bug: answering the first id would hide it.
  throw new UnprocessableEntityException('Idempotency-Key was already used for a different submission');
}

function unavailable(): RetryLaterException {
  return new RetryLaterException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'Service Unavailable',
    'The form cannot be saved right now. Please try again shortly.',
    5,
  );
}
