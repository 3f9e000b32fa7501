import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Account } from '../identity/session-user.js';
import { INTERESTS } from '../leads/contact-rules.js';
import { LeadDetail } from '../leads/lead-detail.service.js';
import {
  type CreateReplyTemplateDto,
  RenderedTemplateDto,
  ReplyTemplateDto,
  type UpdateReplyTemplateDto,
} from './dto/reply-template.dto.js';
import { firstNameOf, renderTemplate, unknownVariables } from './reply-template.js';
import { ReplyTemplate } from './reply-template.entity.js';
import { BookingLinks } from '../leads/booking-links.service.js';

/** 400 naming every unknown variable of the fields given. */
function checkVariables(fields: { subject?: string | null; body?: string }): void {
  const problems = (['subject', 'body'] as const).flatMap((field) =>
    unknownVariables(fields[field] ?? '').map((name) => `${field} has an unknown variable {{${name}}}`),
  );
  if (problems.length > 0) throw new BadRequestException(problems);
}

/** The team's reply templates (read: member; write: admin), and one filled in for a lead and the caller. */
@Injectable()
export class ReplyTemplates {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leads: LeadDetail,
    private readonly bookingLinks: BookingLinks,
  ) {}

  async list(): Promise<ReplyTemplateDto[]> {
    const templates = await this.dataSource.manager.find(ReplyTemplate, { order: { name: 'ASC', id: 'ASC' } });
    return templates.map((template) => ReplyTemplateDto.from(template));
  }

  async create(input: CreateReplyTemplateDto): Promise<ReplyTemplateDto> {
    checkVariables(input);
    const { identifiers } = await this.dataSource.manager.insert(ReplyTemplate, {
      name: input.name,
      subject: input.subject || null,
      body: input.body,
    });
    return ReplyTemplateDto.from(await this.find((identifiers[0] as { id: string }).id));
  }

  async update(id: string, changes: UpdateReplyTemplateDto): Promise<ReplyTemplateDto> {
    await this.find(id);
    checkVariables(changes);
    const columns: Partial<ReplyTemplate> = {};
    if (changes.name !== undefined) columns.name = changes.name;
    if (changes.subject !== undefined) columns.subject = changes.subject || null;
    if (changes.body !== undefined) columns.body = changes.body;
    await this.dataSource.manager.update(ReplyTemplate, { id }, { ...columns, updatedAt: () => 'now()' });
    return ReplyTemplateDto.from(await this.find(id));
  }

  async remove(id: string): Promise<void> {
    const { affected } = await this.dataSource.manager.delete(ReplyTemplate, { id });
    if (!affected) throw new NotFoundException('No reply template with this id');
  }

  /** The template for `leadId` and the caller: each variable replaced by its value, as text, in one pass. */
  async render(id: string, leadId: string, account: Account): Promise<RenderedTemplateDto> {
    const template = await this.find(id);
    const lead = await this.leads.find(leadId, this.dataSource.manager);
    const values = {
      'lead.name': lead.name,
      'lead.firstName': firstNameOf(lead.name),
      'lead.company': lead.company ?? '',
      'lead.interest': INTERESTS.find((interest) => interest.value === lead.interest)?.label ?? lead.interest,
      'me.name': account.displayName,
      'me.bookingUrl': (await this.bookingLinks.ofUserFor(account.id, lead.id)) ?? '',
    };
    return {
      subject: template.subject === null ? null : renderTemplate(template.subject, values),
      body: renderTemplate(template.body, values),
    };
  }

  private async find(id: string): Promise<ReplyTemplate> {
    const template = await this.dataSource.manager.findOneBy(ReplyTemplate, { id });
    if (!template) throw new NotFoundException('No reply template with this id');
    return template;
  }
}
