import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What an admin (or the system) did; see AuditService for who writes which action. */
export const AUDIT_ACTIONS = [
  'status',
  'note',
  'assign',
  'follow-up',
  'export',
  'redeliver',
  'erase',
  'release',
  'sign-in',
  'invite',
  'invite-withdraw',
  'invite-accept',
  'role',
  'disable',
  'enable',
  'hand-over',
  'password',
  'password-reset',
  'two-factor-on',
  'two-factor-off',
  'two-factor-recovery-codes',
  'email-change',
  'webhook-create',
  'webhook-update',
  'webhook-rotate-secret',
  'webhook-delete',
  'away',
  'routing',
  'meeting',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who did what and when. Never any personal data: only ids, statuses, counts and filter
 * names, so that the record may outlive an erased submission (hence no foreign key).
 */
@Entity('audit_events')
// A lead's history, newest first (the detail view).
@Index('ix_audit_events_submission_id_at', ['submissionId', 'at'])
// Everything in a period, and pruning old events.
@Index('ix_audit_events_at', ['at'])
// One person's actions, newest first.
@Index('ix_audit_events_actor_id_at', ['actorId', 'at'])
export class AuditEvent {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_audit_events' })
  id!: string;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  at!: Date;

  /** The username of who acted, as it was then; null when the system acted (e.g. retention). */
  @Column({ type: 'varchar', nullable: true })
  actor!: string | null;

  /** The account that acted (null: the system, or an event from before accounts had ids here). */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  @Column({ type: 'varchar', length: 32 })
  action!: AuditAction;

  @Column({ name: 'submission_id', type: 'uuid', nullable: true })
  submissionId!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail!: Record<string, unknown>;
}
