import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SheetsOutbox } from '../sheets/sheets-outbox.service.js';
import { THANK_YOU_MESSAGE } from './contact-rules.js';
import { ContactSubmission } from './contact-submission.entity.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';

export interface ContactReceipt {
  message: string;
  id: string;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>,
    private readonly sheetsOutbox: SheetsOutbox,
  ) {}

  async submit(dto: CreateContactDto): Promise<ContactReceipt> {
    if (dto.website) {
      // A bot filled the honeypot: it gets the answer a person gets, and nothing is kept.
      this.logger.log('honeypot filled: submission dropped');
      return { message: THANK_YOU_MESSAGE, id: randomUUID() };
    }
    // The submission and its spreadsheet delivery (an outbox row) are stored together, so a
    // crash right after the answer loses nothing; the delivery itself happens later, elsewhere.
    const id = await this.submissions.manager.transaction(async (manager) => {
      const { identifiers } = await manager.insert(ContactSubmission, {
        name: dto.name,
        email: dto.email,
        linkedin: dto.linkedin ?? null,
        company: dto.company ?? null,
        interest: dto.interest,
        comments: dto.comments ?? null,
      });
      const submissionId = identifiers[0].id as string;
      await this.sheetsOutbox.enqueue(manager, submissionId);
      return submissionId;
    });
    this.sheetsOutbox.deliverSoon();
    return { message: THANK_YOU_MESSAGE, id };
  }
}
