import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';

/**
 * The 24-hour guard of the auto-reply: the last one sent to each address. Keyed by the SHA-256
 * of the normalised address (not the address again); erasing the submission that caused it
 * erases the row (ON DELETE CASCADE).
 */
@Entity('auto_reply_recipients')
@Index('ix_auto_reply_recipients_submission_id', ['submissionId'])
export class AutoReplyRecipient {
  @PrimaryColumn({ name: 'address_hash', type: 'text', primaryKeyConstraintName: 'pk_auto_reply_recipients' })
  addressHash!: string;

  @ForeignKey('ContactSubmission', { onDelete: 'CASCADE', name: 'fk_auto_reply_recipients_submission_id' })
  @Column({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;

  @Column({ name: 'sent_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  sentAt!: Date;
}
