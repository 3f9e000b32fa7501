import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { User } from '../identity/user.entity.js';
import { LeadDetail } from '../leads/lead-detail.service.js';
import { LeadMessageDto } from './dto/lead-message.dto.js';
import { LeadMessageAttachment } from './lead-message-attachment.entity.js';
import { LeadMessage } from './lead-message.entity.js';

/** An attachment's bytes as the download answers them. */
export interface AttachmentFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A lead's conversation as the drawer reads it: its messages, oldest first, and their files. */
@Injectable()
export class LeadThreads {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leads: LeadDetail,
  ) {}

  /**
   * The thread, oldest first, or only its `last` newest messages (a long thread's drawer shows
   * those first: a 500-message thread read whole was most of its opening), and how many it
   * holds in all; 404 for an unknown lead.
   */
  async of(leadId: string, last?: number): Promise<{ messages: LeadMessageDto[]; total: number }> {
    const manager = this.dataSource.manager;
    await this.leads.find(leadId, manager);
    const messages = (
      await manager.find(LeadMessage, {
        where: { submissionId: leadId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: last,
      })
    ).reverse();
    const total =
      last !== undefined && messages.length === last
        ? await manager.countBy(LeadMessage, { submissionId: leadId })
        : messages.length;
    return { messages: await this.withFiles(messages), total };
  }

  /** The messages as the API shows them: with their files' descriptions and their authors' names. */
  private async withFiles(messages: LeadMessage[]): Promise<LeadMessageDto[]> {
    if (messages.length === 0) return [];
    const manager = this.dataSource.manager;
    const attachments = await manager
      .createQueryBuilder(LeadMessageAttachment, 'a')
      .select(['a.id', 'a.messageId', 'a.filename', 'a.contentType', 'a.size'])
      .addSelect('a.content IS NOT NULL', 'kept')
      .where('a.messageId IN (:...ids)', { ids: messages.map((message) => message.id) })
      .orderBy('a.id')
      .getRawAndEntities();
    const kept = new Map(attachments.raw.map((row: { a_id: string; kept: boolean }) => [row.a_id, row.kept]));
    const files = attachments.entities.map((file) => Object.assign(file, { kept: kept.get(file.id) ?? false }));
    const authors = [...new Set(messages.map((message) => message.authorId).filter((id) => id !== null))];
    const people = authors.length
      ? await manager.find(User, { select: { id: true, displayName: true }, where: { id: In(authors) } })
      : [];
    const names = new Map(people.map((person) => [person.id, person.displayName]));
    return messages.map((message) =>
      LeadMessageDto.from(
        message,
        files.filter((file) => file.messageId === message.id),
        names,
      ),
    );
  }

  /** One attachment's file; 404 when it is not of this lead's message, or its content was not kept (over the limit). */
  async attachment(leadId: string, messageId: string, attachmentId: string): Promise<AttachmentFile> {
    const [file] = await this.dataSource.query<Array<AttachmentFile & { content: Buffer | null }>>(
      `SELECT a.filename, a.content_type AS "contentType", a.content
         FROM lead_message_attachments a JOIN lead_messages m ON m.id = a.message_id
        WHERE a.id = $1 AND m.id = $2 AND m.submission_id = $3`,
      [attachmentId, messageId, leadId],
    );
    if (!file) throw new NotFoundException('No attachment with this id on this message');
    if (!file.content)
      throw new NotFoundException('This attachment was over the size limit: it was listed, its content not kept');
    return { filename: file.filename, contentType: file.contentType, content: file.content };
  }
}
