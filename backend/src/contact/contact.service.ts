import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ContactSubmission } from './contact-submission.entity.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';

export const THANK_YOU_MESSAGE = "Thank you for your submission! We'll be in touch soon.";

export interface ContactReceipt {
  message: string;
  id: string;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(@InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>) {}

  async submit(dto: CreateContactDto): Promise<ContactReceipt> {
    if (dto.website) {
      // A bot filled the honeypot: it gets the answer a person gets, and nothing is kept.
      this.logger.log('honeypot filled: submission dropped');
      return { message: THANK_YOU_MESSAGE, id: randomUUID() };
    }
    const { identifiers } = await this.submissions.insert({
      name: dto.name,
      email: dto.email,
      linkedin: dto.linkedin ?? null,
      company: dto.company ?? null,
      interest: dto.interest,
      comments: dto.comments ?? null,
    });
    return { message: THANK_YOU_MESSAGE, id: identifiers[0].id as string };
  }
}
