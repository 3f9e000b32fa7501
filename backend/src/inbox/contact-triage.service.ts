import { BadRequestException, ConflictException, Injectable, PreconditionFailedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, IsNull } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { Delivery } from '../deliveries/delivery.entity.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { SHEET_CHANNEL } from '../leads/spreadsheet-copy.js';
import { ASSIGNABLE_ROLES, ASSIGNEE_RULE } from '../identity/assignable-roles.js';
import { User } from '../identity/user.entity.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { ContactRelease } from './contact-release.service.js';
import { ifMatchHolds } from '../leads/lead-version.js';
import { ContactDetailDto, DeliveryDto } from '../leads/dto/contact-detail.dto.js';
import { LeadDetail } from '../leads/lead-detail.service.js';
import type { UpdateContactDto } from './dto/update-contact.dto.js';
import { instant } from '../common/instant.js';
import { recordFirstResponses } from '../leads/first-response.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';

/** Whether applying a change changed anything. */
type Outcome = 'none' | 'changed';

/** What a PATCH or a bulk action may change on a lead. */
type LeadChanges = Pick<UpdateContactDto, 'status' | 'assigneeId' | 'followUpAt'>;
type ParsedChanges = Omit<LeadChanges, 'followUpAt'> & { followUpAt?: Date | null };

/** 400 when nothing is to change; the follow-up as an instant (null clears it). */
function parseChanges(changes: LeadChanges): ParsedChanges {
  if (changes.status === undefined && changes.assigneeId === undefined && changes.followUpAt === undefined) {
    throw new BadRequestException(['status, assigneeId or followUpAt must be given']);
  }
  const followUpAt = changes.followUpAt ? instant(changes.followUpAt, 'followUpAt') : (changes.followUpAt as null | undefined);
  return { status: changes.status, assigneeId: changes.assigneeId, followUpAt };
}

/** The triage of one lead: its detail, status and assignee, and its spreadsheet copy sent again. */
@Injectable()
export class ContactTriageService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly leads: LeadDetail,
    private readonly leadEvents: LeadEvents,
    private readonly deliveries: DeliveryWorker,
    private readonly responseTime: ResponseTimeSettingsService,
    private readonly release: ContactRelease,
  ) {}

  /** The lead's detail (LeadDetail), 404 without it. */
  detail(id: string, manager?: EntityManager): Promise<ContactDetailDto> {
    return this.leads.of(id, manager);
  }

  /**
   * Changes what the body gives, in one transaction with its audit events; a status,
   * assignee or follow-up that is already the one asked for changes nothing and records
   * nothing. With `ifMatch` (the ETag the client read), a lead changed since answers 412 with
   * its current detail and nothing is changed.
   */
  async update(id: string, changes: LeadChanges, actor: Actor, ifMatch?: string): Promise<ContactDetailDto> {
    const parsed = parseChanges(changes);
    let outcome: Outcome = 'none';
    const detail = await this.dataSource.transaction(async (manager) => {
      const row = await this.find(id, manager, true);
      if (ifMatch !== undefined && !ifMatchHolds(ifMatch, row.version)) {
        throw new PreconditionFailedException(await this.detail(row.id, manager));
      }
      await this.checkAssignee(manager, parsed.assigneeId);
      outcome = await this.apply(manager, row, parsed, actor);
      if (outcome === 'none') return this.detail(row.id, manager);
      return (await this.leadChanged(manager, row.id)).detail;
    });
    if (outcome !== 'none') this.deliveries.nudge();
    return detail;
  }

  /**
   * The same changes on many leads in one transaction (locked in id order, so two bulk
   * actions cannot deadlock), each changed lead with its audit events, webhooks, live event
   * and, held as spam, its release; unknown ids are skipped. How many leads changed.
   */
  async updateMany(ids: string[], changes: LeadChanges, actor: Actor): Promise<number> {
    const parsed = parseChanges(changes);
    let updated = 0;
    await this.dataSource.transaction(async (manager) => {
      await this.checkAssignee(manager, parsed.assigneeId);
      const rows = await manager.find(ContactSubmission, {
        where: { id: In([...new Set(ids)]) },
        order: { id: 'ASC' },
        lock: { mode: 'pessimistic_write' },
      });
      // The leads given to the assignee: told at once, so that they hear of them in one e-mail.
      const assigned: ContactSubmission[] = [];
      for (const row of rows) {
        if ((await this.apply(manager, row, parsed, actor, assigned)) === 'none') continue;
        updated += 1;
        await this.leadChanged(manager, row.id);
      }
      if (assigned.length > 0 && parsed.assigneeId) await this.leadEvents.assigned(manager, assigned, parsed.assigneeId, actor);
    });
    if (updated > 0) this.deliveries.nudge();
    return updated;
  }

  /**
   * Changes what `changes` gives on the locked `row`, with its audit events; a status,
   * assignee or follow-up that is already the one asked for changes nothing and records
   * nothing. A status leaving `new` for the first time is the lead's first response; a held
   * lead whose status leaves `spam` is released (ContactRelease). A lead given to someone is
   * told to LeadEvents.assigned at once, or, with `assigned`, added to it for the caller to tell.
   */
  private async apply(
    manager: EntityManager,
    row: ContactSubmission,
    changes: ParsedChanges,
    actor: Actor,
    assigned?: ContactSubmission[],
  ): Promise<Outcome> {
    let outcome: Outcome = 'none';
    if (changes.status !== undefined && changes.status !== row.status) {
      outcome = 'changed';
      await manager.update(
        ContactSubmission,
        { id: row.id },
        { status: changes.status, statusChangedAt: () => 'now()', statusChangedBy: actor.username },
      );
      await recordFirstResponses(manager, [row], changes.status, await this.responseTime.read(manager));
      await this.audit.record(
        { actor, action: 'status', submissionId: row.id, detail: { from: row.status, to: changes.status } },
        manager,
      );
      if (row.heldAsSpam && changes.status !== 'spam')
        await this.release.release(manager, { ...row, status: changes.status }, actor);
    }
    if (changes.assigneeId !== undefined && changes.assigneeId !== row.assigneeId) {
      outcome = 'changed';
      // A lead still held sends nothing, its "Assigned to you" e-mail neither.
      const held = row.heldAsSpam && (changes.status ?? row.status) === 'spam';
      await this.assign(manager, row, changes.assigneeId, actor);
      if (changes.assigneeId !== null && !held) {
        if (assigned) assigned.push(row);
        else await this.leadEvents.assigned(manager, [row], changes.assigneeId, actor);
      }
    }
    if (changes.followUpAt !== undefined && changes.followUpAt?.getTime() !== row.followUpAt?.getTime()) {
      outcome = 'changed';
      await this.setFollowUp(manager, row, changes.followUpAt, actor);
    }
    return outcome;
  }

  /** 400 unless `assigneeId` is an active member's or admin's, or null (nobody), or not given. */
  private async checkAssignee(manager: EntityManager, assigneeId: string | null | undefined): Promise<void> {
    if (assigneeId === undefined || assigneeId === null) return;
    const assignable = { id: assigneeId, disabledAt: IsNull(), role: In(ASSIGNABLE_ROLES) };
    if (!(await manager.existsBy(User, assignable))) throw new BadRequestException([ASSIGNEE_RULE]);
  }

  /** LeadDetail.changed: a new version, then LeadEvents.updated (nudge the DeliveryWorker after the commit when `webhooks` > 0). */
  leadChanged(manager: EntityManager, id: string): Promise<{ detail: ContactDetailDto; webhooks: number }> {
    return this.leads.changed(manager, id);
  }

  /** Gives the lead to an active member or admin (checkAssignee), or to nobody, with its `assign` event. */
  private async assign(manager: EntityManager, row: ContactSubmission, assigneeId: string | null, actor: Actor): Promise<void> {
    await manager.update(ContactSubmission, { id: row.id }, { assigneeId });
    await this.audit.record(
      { actor, action: 'assign', submissionId: row.id, detail: { from: row.assigneeId, to: assigneeId } },
      manager,
    );
  }

  /** Sets or clears the follow-up date (its reminder goes out once for each date, see ResponseTimeScan). */
  private async setFollowUp(
    manager: EntityManager,
    row: ContactSubmission,
    followUpAt: Date | null,
    actor: Actor,
  ): Promise<void> {
    await manager.update(ContactSubmission, { id: row.id }, { followUpAt });
    await this.audit.record(
      {
        actor,
        action: 'follow-up',
        submissionId: row.id,
        detail: { from: row.followUpAt?.toISOString() ?? null, to: followUpAt?.toISOString() ?? null },
      },
      manager,
    );
  }

  /**
   * Queues the spreadsheet copy again (also after it failed or was delivered); 409 with the
   * sync off, and 409 for a lead held as spam: nothing leaves for it until a teammate
   * releases it (its release sends its row), so "Send again" must not post spam to the sheet.
   */
  async redeliver(id: string, actor: Actor): Promise<DeliveryDto> {
    if (!this.leadEvents.resends(SHEET_CHANNEL)) {
      throw new ConflictException('The spreadsheet sync is off (SHEETS_WEBHOOK_URL is not set)');
    }
    const delivery = await this.dataSource.transaction(async (manager) => {
      const row = await this.find(id, manager);
      if (row.heldAsSpam) throw new ConflictException('This lead is held as spam: mark it "Not spam" to send it');
      await this.leadEvents.resend(manager, SHEET_CHANNEL, row.id);
      await this.audit.record({ actor, action: 'redeliver', submissionId: row.id }, manager);
      return manager.findOneByOrFail(Delivery, { channel: SHEET_CHANNEL, submissionId: row.id });
    });
    this.deliveries.nudge();
    return DeliveryDto.from(delivery);
  }

  /** The submission, or 404 (locked for the transaction with `forUpdate`): LeadDetail.find. */
  find(id: string, manager: EntityManager, forUpdate = false): Promise<ContactSubmission> {
    return this.leads.find(id, manager, forUpdate);
  }
}
