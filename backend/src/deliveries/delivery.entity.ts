import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The one outbox of the app (docs/decisions/013-shared-delivery-outbox.md): every message to the outside world (a spreadsheet row,
 * a webhook, an e-mail) is a row here, written in the transaction of what caused it and
 * sent by DeliveryWorker. A row says everything its sender needs: the `channel` (which sender),
 * the `target` (which endpoint of that channel: a webhook endpoint's id, '' for the one
 * spreadsheet), the `event` and the `payload`, decided when it was queued, so the worker reads
 * no feature's table.
 */
@Entity('deliveries')
@Check('ck_deliveries_status', `"status" IN ('pending', 'delivered', 'failed')`)
// The worker's claim query: the due pending rows, oldest first. Delivered and failed rows,
// the bulk of the table over time, stay out of the index.
@Index('ix_deliveries_pending_next_attempt_at', ['nextAttemptAt'], { where: `"status" = 'pending'` })
// The metrics' count of failed deliveries by channel (delivery-metrics.service.ts).
@Index('ix_deliveries_failed_channel', ['channel'], { where: `"status" = 'failed'` })
// A target's delivery log, newest first.
@Index('ix_deliveries_channel_target_created_at', ['channel', 'target', 'createdAt'])
// One spreadsheet copy per submission: sending it again re-queues that row (ON CONFLICT).
// The e-mail digests, which name many leads: erasure finds those that name an erased one.
@Index('ix_deliveries_digest_created_at', ['createdAt'], { where: `"channel" = 'email' AND "event" = 'digest'` })
@Index('uq_deliveries_sheet_submission_id', ['submissionId'], { unique: true, where: `"channel" = 'sheet'` })
// A lead's e-mails (its drawer), newest first; also what erasing a lead cascades through.
@Index('ix_deliveries_email_submission_id_created_at', ['submissionId', 'createdAt'], { where: `"channel" = 'email'` })
export class Delivery {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_deliveries' })
  id!: string;

  /** Which sender sends it: `sheet`, `webhook`, `email`. */
  @Column({ type: 'text' })
  channel!: string;

  /** Which endpoint of the channel; deliveries to one target share its concurrency limit. */
  @Column({ type: 'text', default: '' })
  target!: string;

  /** What happened: `append` / `erase` for the spreadsheet, `lead.created`, … for webhooks. */
  @Column({ type: 'text' })
  event!: string;

  /**
   * The submission the payload is about, if any. Erasing a submission erases its deliveries
   * (ON DELETE CASCADE), so a payload with a person's data is never sent after the erasure.
   * A foreign key by the entity's name: the engine imports no feature.
   */
  @ForeignKey('ContactSubmission', { onDelete: 'CASCADE', name: 'fk_deliveries_submission_id' })
  @Column({ name: 'submission_id', type: 'uuid', nullable: true })
  submissionId!: string | null;

  /** What is sent, as the feature that queued it decided. */
  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ type: 'text', default: 'pending' })
  status!: DeliveryStatus;

  /** Attempts made so far (an attempt cut short by a crash is not counted). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** When the next attempt is due; while an attempt is in flight, when its lease ends. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  nextAttemptAt!: Date;

  /** The HTTP status (an e-mail's: the SMTP reply code) of the last attempt (null: no answer, or none yet). */
  @Column({ name: 'last_status', type: 'integer', nullable: true })
  lastStatus!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', precision: 3, nullable: true })
  deliveredAt!: Date | null;
}
