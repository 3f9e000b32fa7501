import { Injectable } from '@nestjs/common';
import type { Actor } from '../audit/audit.service.js';
import { ErasureService } from '../leads/erasure.service.js';
import type { BulkDeleteResultDto, BulkUpdateContactsDto, BulkUpdateResultDto } from './dto/bulk-contacts.dto.js';
import { ContactTriageService } from './contact-triage.service.js';

/** Many leads at once: one status, assignee and/or follow-up on all of them, or their erasure. */
@Injectable()
export class ContactsBulkService {
  constructor(
    private readonly triage: ContactTriageService,
    private readonly erasure: ErasureService,
  ) {}

  async update(body: BulkUpdateContactsDto, actor: Actor): Promise<BulkUpdateResultDto> {
    const { status, assigneeId, followUpAt } = body;
    return { updated: await this.triage.updateMany(body.ids, { status, assigneeId, followUpAt }, actor) };
  }

  async erase(ids: string[], actor: Actor): Promise<BulkDeleteResultDto> {
    return { erased: await this.erasure.eraseByIds(ids, actor) };
  }
}
