import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { Account } from '../identity/session-user.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { ContactNote } from '../leads/contact-note.entity.js';
import { ContactTriageService } from './contact-triage.service.js';
import { NoteDto } from '../leads/dto/contact-detail.dto.js';
import type { CreateNoteDto } from './dto/create-note.dto.js';

/**
 * A lead's notes, a thread: anyone who may triage adds one; its author or an admin deletes
 * it. Each is a change of the lead (ContactTriageService.leadChanged) with a `note` event in
 * its history, naming the note by id only.
 */
@Injectable()
export class ContactNotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly triage: ContactTriageService,
    private readonly audit: AuditService,
    private readonly deliveries: DeliveryWorker,
  ) {}

  async add(submissionId: string, { body }: CreateNoteDto, author: Account): Promise<NoteDto> {
    const { note, webhooks } = await this.dataSource.transaction(async (manager) => {
      const lead = await this.triage.find(submissionId, manager, true);
      const note = await manager.save(manager.create(ContactNote, { submissionId: lead.id, authorId: author.id, body }));
      await this.audit.record({ actor: author, action: 'note', submissionId: lead.id, detail: { noteId: note.id } }, manager);
      const { webhooks } = await this.triage.leadChanged(manager, lead.id);
      return { note, webhooks };
    });
    if (webhooks > 0) this.deliveries.nudge();
    return NoteDto.from(note, new Map([[author.id, author.displayName]]));
  }

  /** 404 for a note that is not this lead's; 403 unless the caller wrote it or is an admin. */
  async remove(submissionId: string, noteId: string, caller: Account): Promise<void> {
    const webhooks = await this.dataSource.transaction(async (manager) => {
      const lead = await this.triage.find(submissionId, manager, true);
      const note = await manager.findOneBy(ContactNote, { id: noteId, submissionId: lead.id });
      if (!note) throw new NotFoundException('No note with this id on this lead');
      if (note.authorId !== caller.id && caller.role !== 'admin') {
        throw new ForbiddenException(`Your role (${caller.role}) may delete only your own notes`);
      }
      await manager.delete(ContactNote, { id: note.id });
      await this.audit.record(
        { actor: caller, action: 'note', submissionId: lead.id, detail: { noteId: note.id, deleted: true } },
        manager,
      );
      return (await this.triage.leadChanged(manager, lead.id)).webhooks;
    });
    if (webhooks > 0) this.deliveries.nudge();
  }
}
