import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Delivery } from '../deliveries/delivery.entity.js';
import { PersonDto } from '../identity/dto/person.dto.js';
import { User } from '../identity/user.entity.js';
import { ContactNote } from './contact-note.entity.js';
import { ContactSubmission } from './contact-submission.entity.js';
import { ContactDetailDto, OtherSubmissionDto } from './dto/contact-detail.dto.js';
import { type ChangedLead, type DetailedLead, LeadEvents } from './lead-events.service.js';
import { otherSubmissionsOf, repeatsOf } from './repeat-leads.js';
import { SHEET_CHANNEL } from './spreadsheet-copy.js';
import { meetingsOf } from './lead-meetings.js';

/**
 * The lead as `GET /api/admin/contacts/:id` answers it, without its history: what the
 * `lead.updated` and `lead.overdue` webhooks carry (docs/integrations.md, "Outgoing webhooks").
 */
export function withoutHistory(detail: ContactDetailDto): DetailedLead {
  const lead: Partial<ContactDetailDto> & Pick<ContactDetailDto, 'id' | 'heldAsSpam'> = { ...detail };
  delete lead.history;
  return lead;
}

/** One lead, found (404 when there is none) and with its detail: what the inbox shows and the webhooks carry. */
@Injectable()
export class LeadDetail {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly leadEvents: LeadEvents,
  ) {}

  /**
   * What every change of a lead does, in the change's transaction, after it: a new version
   * (its ETag: a save made on the older one is refused), then LeadEvents.updated with the lead
   * as `GET …/:id` answers it without its history (every dashboard's stream, the `lead.updated`
   * webhooks). Any feature that changes a lead calls this (nudge the DeliveryWorker after the
   * commit when `webhooks`, the deliveries queued, is > 0).
   */
  async changed(manager: EntityManager, id: string): Promise<{ detail: ContactDetailDto; webhooks: number }> {
    await manager.query('UPDATE contact_submissions SET version = version + 1 WHERE id = $1', [id]);
    const detail = await this.of(id, manager);
    return {
      detail,
      webhooks: await this.leadEvents.updated(manager, { id, detail: () => Promise.resolve(withoutHistory(detail)) }),
    };
  }

  /**
   * As `changed`, for a caller that has already given the lead its new version and needs no
   * detail itself: the detail is built only if a channel asks for it. How many deliveries
   * were queued.
   */
  updatedOnly(manager: EntityManager, id: string): Promise<number> {
    return this.leadEvents.updated(manager, this.changedLead(manager, id));
  }

  /** The lead as the channels' `updated` takes it: its detail built on the first ask, once. */
  changedLead(manager: EntityManager, id: string): ChangedLead {
    let detail: Promise<DetailedLead> | undefined;
    return { id, detail: () => (detail ??= this.of(id, manager).then(withoutHistory)) };
  }

  /** The submission, or 404 (locked for the transaction with `forUpdate`). `id` is a UUID (SubmissionId checked it). */
  async find(id: string, manager: EntityManager, forUpdate = false): Promise<ContactSubmission> {
    const row = await manager.findOne(ContactSubmission, {
      where: { id },
      lock: forUpdate ? { mode: 'pessimistic_write' } : undefined,
    });
    if (!row) throw new NotFoundException('No submission with this id');
    return row;
  }

  /** The lead's detail: its fields, its spreadsheet copy, its history and notes, its repeats and assignee; 404 without it. */
  async of(id: string, manager: EntityManager = this.dataSource.manager): Promise<ContactDetailDto> {
    const row = await this.find(id, manager);
    // One query at a time: inside update's transaction the manager holds one client, which
    // runs one query at a time (pg 9 refuses a second one sent while the first runs).
    const delivery = await manager.findOneBy(Delivery, { channel: SHEET_CHANNEL, submissionId: row.id });
    const events = await this.audit.historyOf(row.id, manager);
    const notes = await manager.find(ContactNote, { where: { submissionId: row.id }, order: { createdAt: 'DESC', id: 'DESC' } });
    const repeats = await repeatsOf(manager, [row]);
    const others = await otherSubmissionsOf(manager, row);
    const meetings = await meetingsOf(manager, row.id);
    // The people it names, in one query: its assignee, whoever acted on it and the notes' authors.
    const named = [row.assigneeId, ...events.map((event) => event.actorId), ...notes.map((note) => note.authorId)];
    const ids = [...new Set(named.filter((id) => id !== null))];
    const people = ids.length
      ? await manager.find(User, { select: { id: true, username: true, displayName: true }, where: { id: In(ids) } })
      : [];
    const assignee = people.find((person) => person.id === row.assigneeId);
    return ContactDetailDto.fromParts(
      row,
      delivery,
      { events, notes, names: new Map(people.map((person) => [person.id, person.displayName])) },
      {
        repeatOf: repeats.get(row.id) ?? null,
        others: others.map((other) => OtherSubmissionDto.from(other)),
        assignee: assignee ? PersonDto.from(assignee) : null,
      },
      meetings,
    );
  }
}
