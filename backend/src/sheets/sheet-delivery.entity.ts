import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ContactSubmission } from '../contact/contact-submission.entity.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_ACTIONS = ['append', 'erase'] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];

/**
 * The outbox of the spreadsheet sync, sent by a worker (sheets-worker.service.ts): an
 * `append` row per stored submission, written in the transaction that stores it, and an
 * `erase` row per erasure (src/erasure/), written in the transaction that erases, holding
 * the erased ids (the submissions themselves are gone).
 */
@Entity('sheet_deliveries')
@Check('ck_sheet_deliveries_status', `"status" IN ('pending', 'delivered', 'failed')`)
@Check(
  'ck_sheet_deliveries_action',
  `("action" = 'append' AND "submission_id" IS NOT NULL AND "erased_ids" IS NULL) OR ("action" = 'erase' AND "submission_id" IS NULL AND "erased_ids" IS NOT NULL)`,
)
// The worker's claim query: the due pending rows, oldest first. Delivered and failed rows,
// the bulk of the table over time, stay out of the index.
@Index('ix_sheet_deliveries_pending_next_attempt_at', ['nextAttemptAt'], { where: `"status" = 'pending'` })
export class SheetDelivery {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_sheet_deliveries' })
  id!: string;

  @Index('uq_sheet_deliveries_submission_id', { unique: true })
  @Column({ name: 'submission_id', type: 'uuid', nullable: true })
  submissionId!: string | null;

  // One delivery per submission (the unique index above); erasing a submission erases its delivery.
  @ManyToOne(() => ContactSubmission, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_sheet_deliveries_submission_id' })
  submission?: ContactSubmission;

  @Column({ type: 'text', default: 'append' })
  action!: DeliveryAction;

  /**
   * The ids an `erase` delivery asks the spreadsheet to delete. node-pg does not parse a
   * uuid[]: raw queries read it as `erased_ids::text[]`.
   */
  @Column({ name: 'erased_ids', type: 'uuid', array: true, nullable: true })
  erasedIds!: string[] | null;

  @Column({ type: 'text', default: 'pending' })
  status!: DeliveryStatus;

  /** Attempts made so far (an attempt cut short by a crash is not counted). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  nextAttemptAt!: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', precision: 3, nullable: true })
  deliveredAt!: Date | null;
}
