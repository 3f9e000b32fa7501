import { describe, expect, it } from '@jest/globals';
import type { EntityManager, Repository } from 'typeorm';
import type { SheetsOutbox } from '../sheets/sheets-outbox.service.js';
import { THANK_YOU_MESSAGE } from './contact-rules.js';
import type { ContactSubmission } from './contact-submission.entity.js';
import { ContactService } from './contact.service.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';

const form: CreateContactDto = { name: 'Ada Lovelace', email: 'ada@example.com', interest: 'partnership' };

/** Records what the service does, in order; the transaction's manager is a distinct object. */
function setup() {
  const events: string[] = [];
  const inserted: unknown[] = [];
  const txManager = {
    insert: (_entity: unknown, values: unknown) => {
      events.push('insert');
      inserted.push(values);
      return Promise.resolve({ identifiers: [{ id: 'sub-1' }] });
    },
  } as unknown as EntityManager;
  const submissions = {
    manager: {
      transaction: async <T>(work: (manager: EntityManager) => Promise<T>) => {
        events.push('begin');
        const result = await work(txManager);
        events.push('commit');
        return result;
      },
    },
  } as unknown as Repository<ContactSubmission>;
  const outbox = {
    enqueue: (manager: EntityManager, submissionId: string) => {
      events.push(manager === txManager ? `enqueue ${submissionId} in transaction` : `enqueue ${submissionId} outside`);
      return Promise.resolve();
    },
    deliverSoon: () => events.push('deliverSoon'),
  } as unknown as SheetsOutbox;
  return { sut: new ContactService(submissions, outbox), events, inserted };
}

describe(ContactService.name, () => {
  it('stores the submission and its outbox row in one transaction, then nudges the delivery', async () => {
    const { sut, events, inserted } = setup();

    await expect(sut.submit(form)).resolves.toEqual({ message: THANK_YOU_MESSAGE, id: 'sub-1' });

    expect(events).toEqual(['begin', 'insert', 'enqueue sub-1 in transaction', 'commit', 'deliverSoon']);
    expect(inserted).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', linkedin: null, company: null, interest: 'partnership', comments: null },
    ]);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const { sut, events } = setup();

    const receipt = await sut.submit({ ...form, website: 'http://spam.example' });

    expect(receipt.message).toBe(THANK_YOU_MESSAGE);
    expect(receipt.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(events).toEqual([]);
  });
});
