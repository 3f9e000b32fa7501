import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ContactSubmission } from '../leads/contact-submission.entity.js';

/**
 * A calendar event already taken: a provider's booking id and event (`BOOKING_CREATED`,
 * `invitee.canceled`…). A second delivery of it finds its row and changes nothing.
 * Erased with its lead.
 */
@Entity('booking_events')
@Index('ix_booking_events_submission_id', ['submissionId'])
export class BookingEvent {
  @PrimaryColumn({ type: 'varchar', length: 8, primaryKeyConstraintName: 'pk_booking_events' })
  provider!: string;

  @PrimaryColumn({ name: 'booking_id', type: 'text', primaryKeyConstraintName: 'pk_booking_events' })
  bookingId!: string;

  @PrimaryColumn({ type: 'varchar', length: 32, primaryKeyConstraintName: 'pk_booking_events' })
  event!: string;

  @Column({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;

  @ManyToOne(() => ContactSubmission, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_booking_events_submission_id' })
  submission?: ContactSubmission;

  @Column({ name: 'received_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  receivedAt!: Date;
}
