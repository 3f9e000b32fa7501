import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SheetsOutbox } from '../sheets/sheets-outbox.service.js';
import { ContactSubmission } from './contact-submission.entity.js';
import { claimKey, findKeyedSubmission, requestHash } from './contact-idempotency.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';

export const THANK_YOU_MESSAGE = "Thank you for your submission! We'll be in touch soon.";

export interface ContactReceipt {
  message: string;
  id: string;
}

/** Rolls the transaction back: another request stored this key first. */
class KeyTaken extends Error {}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>,
    private readonly sheetsOutbox: SheetsOutbox,
  ) {}

  /**
   * Stores a submission, or with an Idempotency-Key already used (a retry), answers the
   * first answer again and stores nothing.
   */
  async submit(dto: CreateContactDto, key?: string): Promise<ContactReceipt> {
    if (dto.website) {
      // A bot filled the honeypot: it gets the answer a person gets, and nothing is kept.
      this.logger.log('honeypot filled: submission dropped');
      return { message: THANK_YOU_MESSAGE, id: randomUUID() };
    }
    const hash = requestHash(dto);
    const earlier = key === undefined ? undefined : await findKeyedSubmission(this.submissions.manager, key, hash);
    if (earlier !== undefined) return { message: THANK_YOU_MESSAGE, id: earlier };
    const id = await this.store(dto, key, hash);
    // A request with the same key was stored first (while this one was in flight): its answer.
    if (id === undefined)
      return { message: THANK_YOU_MESSAGE, id: (await findKeyedSubmission(this.submissions.manager, key!, hash))! };
    return { message: THANK_YOU_MESSAGE, id };
  }

  /**
   * The submission, its spreadsheet delivery (an outbox row) and its key are stored together,
   * so a crash right after the answer loses nothing and a retry finds its key; the delivery
   * itself happens later, elsewhere. `undefined` when the key turned out to be taken.
   */
  private async store(dto: CreateContactDto, key: string | undefined, hash: string): Promise<string | undefined> {
    const id = await this.submissions.manager
      .transaction(async (manager) => {
        const { identifiers } = await manager.insert(ContactSubmission, {
          name: dto.name,
          email: dto.email,
          linkedin: dto.linkedin ?? null,
          company: dto.company ?? null,
          interest: dto.interest,
          comments: dto.comments ?? null,
        });
        const submissionId = identifiers[0].id as string;
        if (key !== undefined && !(await claimKey(manager, key, hash, submissionId))) throw new KeyTaken();
        await this.sheetsOutbox.enqueue(manager, submissionId);
        return submissionId;
      })
      .catch((error: unknown) => {
        if (error instanceof KeyTaken) return undefined;
        throw error;
      });
    if (id !== undefined) this.sheetsOutbox.deliverSoon();
    return id;
  }
}
