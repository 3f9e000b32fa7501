import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { Delivery } from '../deliveries/delivery.entity.js';
import { EMAIL_CHANNEL } from '../mail/queue-emails.js';
import { ContactEmailDto } from './dto/contact-email.dto.js';

/** The e-mails about one lead (its drawer's "E-mails" section): its `email` deliveries. */
@Injectable()
export class ContactEmailsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first; 404 when the lead does not exist (an erased lead's e-mails went with it). */
  async list(submissionId: string): Promise<ContactEmailDto[]> {
    const manager = this.dataSource.manager;
    const [exists, rows] = await Promise.all([
      manager.existsBy(ContactSubmission, { id: submissionId }),
      manager.find(Delivery, { where: { channel: EMAIL_CHANNEL, submissionId }, order: { createdAt: 'DESC', id: 'DESC' } }),
    ]);
    if (!exists) throw new NotFoundException('No submission with this id');
    return rows.map((row) => ContactEmailDto.from(row));
  }
}
