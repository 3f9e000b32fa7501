import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ContactSubmission } from './contact-submission.entity.js';

/** The tools whose bookings come back by webhook. */
export const MEETING_PROVIDERS = ['calcom', 'calendly'] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

export const MEETING_STATUSES = ['booked', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** A meeting a lead booked through a booking link (docs/booking.md); erased with its lead (ON DELETE CASCADE). */
@Entity('meetings')
@Check('ck_meetings_provider', `"provider" IN ('calcom', 'calendly')`)
@Check('ck_meetings_status', `"status" IN ('booked', 'cancelled')`)
// The provider's booking (Cal.com's uid, Calendly's invitee URI) is one meeting.
@Index('uq_meetings_provider_booking_id', ['provider', 'bookingId'], { unique: true })
// A lead's meetings, and its next one (the list's nextMeetingAt).
@Index('ix_meetings_submission_id_start_at', ['submissionId', 'startAt'])
// The list's `meeting=upcoming`: the few booked meetings not over yet, whatever the number of leads.
@Index('ix_meetings_booked_end_at', ['endAt'], { where: `"status" = 'booked'` })
export class Meeting {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_meetings' })
  id!: string;

  @Column({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;

  @ManyToOne(() => ContactSubmission, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_meetings_submission_id' })
  submission?: ContactSubmission;

  @Column({ type: 'varchar', length: 8 })
  provider!: MeetingProvider;

  @Column({ name: 'booking_id', type: 'text' })
  bookingId!: string;

  @Column({ name: 'start_at', type: 'timestamptz', precision: 3 })
  startAt!: Date;

  @Column({ name: 'end_at', type: 'timestamptz', precision: 3 })
  endAt!: Date;

  @Column({ type: 'varchar', length: 9 })
  status!: MeetingStatus;

  /** Where it takes place as the provider says (a video link, an address, a phone number). */
  @Column({ type: 'text', nullable: true })
  location!: string | null;

  @Column({ name: 'organizer_email', type: 'text', nullable: true })
  organizerEmail!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;
}
