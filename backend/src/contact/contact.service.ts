import { Injectable } from '@nestjs/common';
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
  constructor(@InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>) {}

  async submit(dto: CreateContactDto): Promise<ContactReceipt> {
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
