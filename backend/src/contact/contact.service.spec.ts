import { describe, expect, it } from '@jest/globals';
import type { ConfigService } from '@nestjs/config';
import type { DataSource } from 'typeorm';
import type { Environment } from '../config/environment.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { RetryLaterException } from '../rate-limit/retry-later.exception.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { NO_PROVENANCE } from '../../test/support/contacts.js';
import { THANK_YOU_MESSAGE } from './contact-rules.js';
import { ContactService } from './contact.service.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import type { NewSubmission, StoreOutcome, SubmissionBatcher } from './submission-batcher.js';

const form: CreateContactDto = { name: 'Ada Lovelace', email: 'ada@example.com', interest: 'partnership' };
const LIMIT = 5;

/** The batcher and rate limiter as the service sees them; what reaches them is recorded. */
function setup(store: (submission: NewSubmission) => Promise<StoreOutcome>, hits = 1) {
  const stored: NewSubmission[] = [];
  const rateKeys: string[] = [];
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
  // The Idempotency-Key table as the service reads it: the keys stored so far.
  const keys = new Map<string, { submission_id: string; request_hash: string }>();
  const dataSource = {
    manager: { query: (_sql: string, [key]: [string]) => Promise.resolve(keys.has(key) ? [keys.get(key)] : []) },
  } as unknown as DataSource;
  return { sut: new ContactService(batcher, rateLimit, config, dataSource), stored, rateKeys, keys };
}

describe(ContactService.name, () => {
  it('answers with the stored id once the batch has committed the submission', async () => {
    const { sut, stored } = setup(() => Promise.resolve({ result: 'stored' }));

    const receipt = await sut.submit(form, '203.0.113.7');

    expect(stored).toEqual([
      {
        id: receipt.id,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        linkedin: null,
        company: null,
        interest: 'partnership',
        comments: null,
        ...NO_PROVENANCE,
        rateKey: 'contact:203.0.113.7',
        idempotencyKey: null,
        requestHash: null,
      },
    ]);
    expect(receipt.message).toBe(THANK_YOU_MESSAGE);
  });

  it('refuses with 429 and the wait when the batch finds the client past its limit', async () => {
    const { sut } = setup(() => Promise.resolve({ result: 'limited', retryAfter: 17 }));

    const refusal = await sut.submit(form, '203.0.113.7').catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(TooManyRequestsException);
    expect((refusal as TooManyRequestsException).retryAfter).toBe(17);
  });

  it('answers 503 with Retry-After when the batch could not be stored', async () => {
    const { sut } = setup(() => Promise.reject(new Error('connection terminated')));

    const refusal = await sut.submit(form, '203.0.113.7').catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(RetryLaterException);
    expect((refusal as RetryLaterException).getStatus()).toBe(503);
  });

  it('answers a filled honeypot like a success, counts it against the limit and stores nothing', async () => {
    const { sut, stored, rateKeys } = setup(() => Promise.resolve({ result: 'stored' }));

    const receipt = await sut.submit({ ...form, website: 'http://spam.example' }, '203.0.113.7');

    expect(receipt.message).toBe(THANK_YOU_MESSAGE);
    expect(stored).toEqual([]);
    expect(rateKeys).toEqual(['contact:203.0.113.7']);
  });

  it('refuses a honeypot past the limit like any other client', async () => {
    const { sut } = setup(() => Promise.resolve({ result: 'stored' }), LIMIT + 1);

    await expect(sut.submit({ ...form, website: 'http://spam.example' }, '203.0.113.7')).rejects.toBeInstanceOf(
      TooManyRequestsException,
    );
  });

  it('answers a retry whose key is stored with the first id, without storing again', async () => {
    const { sut, stored, keys } = setup(() => Promise.resolve({ result: 'stored' }));
    const first = await sut.submit(form, '203.0.113.7', 'form-key-0001');
    keys.set('form-key-0001', { submission_id: first.id, request_hash: stored[0].requestHash! });

    const retry = await sut.submit(form, '203.0.113.7', 'form-key-0001');

    expect(retry.id).toBe(first.id);
    expect(stored).toHaveLength(1);
  });

  it('answers the id of the request that stored the key first when the batch found it taken', async () => {
    const { sut, keys } = setup((submission) => {
      keys.set('form-key-0002', { submission_id: 'first-id', request_hash: submission.requestHash! });
      return Promise.resolve({ result: 'key-taken' });
    });

    await expect(sut.submit(form, '203.0.113.7', 'form-key-0002')).resolves.toEqual({
      message: THANK_YOU_MESSAGE,
      id: 'first-id',
    });
  });
});
