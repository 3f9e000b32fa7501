import { ApiProperty } from '@nestjs/swagger';
import { INTEREST_VALUES, type Interest } from '../contact-rules.js';
import { SPAM_REASONS, type SpamReason } from '../spam-reasons.js';
import { type ContactSubmission, SUBMISSION_STATUSES, type SubmissionStatus } from '../contact-submission.entity.js';

/** A submission as the dashboard reads it. */
export class ContactSubmissionDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: String, nullable: true })
  linkedin!: string | null;

  @ApiProperty({ type: String, nullable: true })
  company!: string | null;

  @ApiProperty({ enum: INTEREST_VALUES })
  interest!: Interest;

  @ApiProperty({ type: String, nullable: true })
  comments!: string | null;

  @ApiProperty({ format: 'date-time' })
  submittedAt!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      'The earliest submission of the same person (canonical e-mail: trimmed, lower-cased, quotes and a +tag dropped), or null when this is it',
  })
  repeatOf!: string | null;

  @ApiProperty({ enum: SUBMISSION_STATUSES })
  status!: SubmissionStatus;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The teammate who owns the lead, or null.' })
  assigneeId!: string | null;

  @ApiProperty({ description: "The lead's version, raised by every change: `GET …/:id`'s ETag, for `PATCH`'s If-Match." })
  version!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The first time its status left `new`; null while it is new.',
  })
  firstRespondedAt!: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Minutes from submission (or release from the quarantine) to firstRespondedAt (business minutes when business hours are set); null while new.',
  })
  responseMinutes!: number | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'While new: when it becomes overdue (its target reached); null once answered, or for a few seconds after arrival or a settings change.',
  })
  responseDueAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When to follow it up; null: no follow-up.' })
  followUpAt!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      "When it was released from the spam quarantine: its response clock starts then (held, it was not the team's to answer). null: never held.",
  })
  releasedAt!: string | null;
  @ApiProperty({ minimum: 0, maximum: 100, description: 'How much the submission looked like spam when it arrived.' })
  spamScore!: number;

  @ApiProperty({
    type: [String],
    enum: SPAM_REASONS,
    description: 'The spam signals that fired when it arrived (docs/spam.md).',
  })
  spamReasons!: SpamReason[];

  @ApiProperty({ description: 'Held as spam at intake and not released yet: nothing was sent for it.' })
  heldAsSpam!: boolean;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the newest message of its conversation was sent or received; null: no message yet.',
  })
  lastMessageAt!: string | null;

  @ApiProperty({
    description: 'The newest message of its conversation is one the lead wrote (not automatic): an answer is owed.',
  })
  awaitingReply!: boolean;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When its next meeting starts (booked through a booking link and not over yet); null: none.',
  })
  nextMeetingAt!: string | null;

  static from(row: ContactSubmission, repeatOf: string | null, nextMeetingAt: Date | null): ContactSubmissionDto {
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      linkedin: row.linkedin,
      company: row.company,
      interest: row.interest as Interest,
      comments: row.comments,
      submittedAt: row.submittedAt.toISOString(),
      status: row.status,
      assigneeId: row.assigneeId,
      repeatOf,
      version: row.version,
      firstRespondedAt: row.firstRespondedAt?.toISOString() ?? null,
      responseMinutes: row.responseMinutes,
      responseDueAt: row.status === 'new' ? (row.responseDueAt?.toISOString() ?? null) : null,
      followUpAt: row.followUpAt?.toISOString() ?? null,
      releasedAt: row.releasedAt?.toISOString() ?? null,
      spamScore: row.spamScore,
      spamReasons: row.spamReasons as SpamReason[],
      heldAsSpam: row.heldAsSpam,
      lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
      awaitingReply: row.awaitingReply,
      nextMeetingAt: nextMeetingAt?.toISOString() ?? null,
    };
  }
}
