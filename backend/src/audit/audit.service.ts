import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditEvent, type AuditAction } from './audit-event.entity.js';

/** Who acted: an account (its id and its username at the time). */
export interface Actor {
  id: string;
  username: string;
}

export interface AuditRecord {
  /** The account that acted, or null for the system (or an unknown one, e.g. a failed sign-in). */
  actor: Actor | null;
  action: AuditAction;
  submissionId?: string | null;
  /** Ids, statuses, counts, filter names: never a name, e-mail, note or comment. */
  detail?: Record<string, unknown>;
}

/** The one way to write audit_events, for every feature. */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Pass the caller's transaction (`manager`) so the event commits with the change it records. */
  async record(event: AuditRecord, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`INSERT INTO audit_events (actor, actor_id, action, submission_id, detail) VALUES ($1, $2, $3, $4, $5)`, [
      event.actor?.username ?? null,
      event.actor?.id ?? null,
      event.action,
      event.submissionId ?? null,
      JSON.stringify(event.detail ?? {}),
    ]);
  }

  /** One submission's events, newest first. */
  historyOf(submissionId: string, manager: EntityManager = this.dataSource.manager): Promise<AuditEvent[]> {
    return manager.find(AuditEvent, { where: { submissionId }, order: { at: 'DESC', id: 'DESC' } });
  }
}
