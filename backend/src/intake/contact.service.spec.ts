import { describe, expect, it } from '@jest/globals';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { RetryLaterException } from '../rate-limit/retry-later.exception.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { UnprocessableEntityException } from '@nestjs/common';
import { THANK_YOU_MESSAGE } from '../leads/contact-rules.js';
import { ContactService } from './contact.service.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import type { FormTokens } from './spam/form-tokens.service.js';
import type { SpamScorer } from './spam/spam-scorer.service.js';
import type { Admission, AdmissionBatcher, AdmissionRequest } from './admission-batcher.js';
import type { NewSubmission, StoreOutcome, SubmissionBatcher } from './submission-batcher.js';
import type { BookingLinks } from '../leads/booking-links.service.js';

const form: CreateContactDto = { name: 'Ada Lovelace', email: 'ada@example.com', interest: 'partnership' };
const LIMIT = 5;

/** The gate, the batcher and rate limiter as the service sees them; what reaches them is recorded. */
function setup(
  store: (submission: NewSubmission) => Promise<StoreOutcome>,
  hits = 1,
  admit: () => Promise<Admission> = () => Promise.resolve({ result: 'admitted', tokenFresh: true }),
) {
  const stored: NewSubmission[] = [];
  const rateKeys: string[] = [];
  const admitted: AdmissionRequest[] = [];
  let scored = 0;
  const admissions = {
    admit: (request: AdmissionRequest) => {
      admitted.push(request);
      return admit();
    },
    giveBack: () => Promise.resolve(),
  } as unknown as AdmissionBatcher;
  const batcher = {
    store: (submission: NewSubmission) => {
      stored.push(submission);
      return store(submission);
    },
  } as unknown as SubmissionBatcher;
  const rateLimit = {
    hit: (key: string) => {
      rateKeys.push(key);
      return Promise.resolve({ hits, retryAfter: 42 });
    },
  } as unknown as RateLimitService;
  const config = { get: () => LIMIT } as unknown as ConfigService<Environment, true>;
  const spam = {
    score: () => {
      scored += 1;
      return Promise.resolve({ spamScore: 0, spamReasons: [], heldAsSpam: false });
    },
  } as unknown as SpamScorer;
  return {
    sut: new ContactService(
      admissions,
      batcher,
      rateLimit,
      config,
      spam,
      { spendKey: () => null } as unknown as FormTokens,
      { forLead: () => Promise.resolve(null) } as unknown as BookingLinks,
    ),
    stored,
    rateKeys,
    admitted,
    scored: () => scored,
  };
}

describe(ContactService.name, () => {
  it('answers with the stored id once the batch has committed the submission', async () => {
    const { sut, stored } = setup(() => Promise.resolve({ result: 'stored', bookingUrl: null }));

    const receipt = await sut.submit(form, '203.0.113.7');

    expect(stored).toEqual([
      {
        ...form,
        id: receipt.id,
        idempotencyKey: null,
        requestHash: null,
        spamScore: 0,
        spamReasonList: '',
        heldAsSpam: false,
        network: '203.0.113.0/24',
      },
    ]);
    expect(receipt.message).toBe(THANK_YOU_MESSAGE);
  });

  it('refuses with 429 and the wait when the gate finds the client past its limit, before scoring or storing', async () => {
    const { sut, admitted, stored, scored } = setup(
      () => Promise.resolve({ result: 'stored', bookingUrl: null }),
      1,
      () => Promise.resolve({ result: 'limited', retryAfter: 17 }),
    );

    const refusal = await sut.submit(form, '203.0.113.7').catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(TooManyRequestsException);
    expect((refusal as TooManyRequestsException).retryAfter).toBe(17);
    expect(admitted.map((request) => request.rateKey)).toEqual(['contact:203.0.113.7']);
    expect(scored()).toBe(0);
    expect(stored).toEqual([]);
  });

  it('answers a retry the gate recognises without scoring or storing it', async () => {
    const { sut, stored, scored } = setup(
      () => Promise.resolve({ result: 'stored', bookingUrl: null }),
      1,
      () => Promise.resolve({ result: 'repeat', id: 'first-id' }),
    );

    await expect(sut.submit(form, '203.0.113.7', 'form-key-0004')).resolves.toEqual({
      message: THANK_YOU_MESSAGE,
      id: 'first-id',
      booking: null,
    });
    expect(scored()).toBe(0);
    expect(stored).toEqual([]);
  });

  it('answers 503 with Retry-After when the batch could not be stored', async () => {
    const { sut } = setup(() => Promise.reject(new Error('connection terminated')));

    const refusal = await sut.submit(form, '203.0.113.7').catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(RetryLaterException);
    expect((refusal as RetryLaterException).getStatus()).toBe(503);
  });

  it('answers a filled honeypot like a success, counts it against the limit and stores nothing', async () => {
    const { sut, stored, rateKeys } = setup(() => Promise.resolve({ result: 'stored', bookingUrl: null }));

    const receipt = await sut.submit({ ...form, website: 'http://spam.example' }, '203.0.113.7');

    expect(receipt.message).toBe(THANK_YOU_MESSAGE);
    expect(stored).toEqual([]);
    expect(rateKeys).toEqual(['contact:203.0.113.7']);
  });

  it('refuses a honeypot past the limit like any other client', async () => {
    const { sut } = setup(() => Promise.resolve({ result: 'stored', bookingUrl: null }), LIMIT + 1);

    await expect(sut.submit({ ...form, website: 'http://spam.example' }, '203.0.113.7')).rejects.toBeInstanceOf(
      TooManyRequestsException,
    );
  });

  it('sends the key and a hash of the form, the same for the same form', async () => {
    const { sut, stored } = setup(() => Promise.resolve({ result: 'stored', bookingUrl: null }));
    await sut.submit(form, '203.0.113.7', 'form-key-0001');
    await sut.submit({ ...form }, '203.0.113.7', 'form-key-0001');
    await sut.submit({ ...form, name: 'Grace Hopper' }, '203.0.113.7', 'form-key-0001');

    expect(stored.map((submission) => submission.idempotencyKey)).toEqual(Array(3).fill('form-key-0001'));
    expect(stored[1].requestHash).toBe(stored[0].requestHash);
    expect(stored[2].requestHash).not.toBe(stored[0].requestHash);
  });

  it('answers a retry with the id of the submission its key stands for', async () => {
    const { sut } = setup(() => Promise.resolve({ result: 'repeat', id: 'first-id' }));

    await expect(sut.submit(form, '203.0.113.7', 'form-key-0002')).resolves.toEqual({
      message: THANK_YOU_MESSAGE,
      id: 'first-id',
      booking: null,
    });
  });

  it('refuses with 422 a key that stands for another form', async () => {
    const { sut } = setup(() => Promise.resolve({ result: 'key-reused' }));

    await expect(sut.submit(form, '203.0.113.7', 'form-key-0003')).rejects.toBeInstanceOf(UnprocessableEntityException);
  });
});
