import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '../../audit/audit-event.entity.js';
import { INTEREST_VALUES, type Interest } from '../contact-rules.js';
import { type ContactSubmission, SUBMISSION_STATUSES, type SubmissionStatus } from '../contact-submission.entity.js';
import type { Delivery } from '../../deliveries/delivery.entity.js';
import type { ContactNote } from '../contact-note.entity.js';
import { PersonDto } from '../../identity/dto/person.dto.js';
import { ContactSubmissionDto } from './contact-submission.dto.js';
import { MeetingDto } from './meeting.dto.js';
import type { Meeting } from '../meeting.entity.js';
import { nextMeetingIn } from '../lead-meetings.js';

export const DELIVERY_STATES = ['off', 'pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The spreadsheet copy of a submission; `off`: never queued (the sync was off when it came). */
export class DeliveryDto {
  @ApiProperty({ enum: DELIVERY_STATES })
  state!: DeliveryState;

  @ApiProperty({ description: 'Attempts made so far.' })
  attempts!: number;

  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed.' })
  lastError!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt!: string | null;

  static from(delivery: Delivery | null): DeliveryDto {
    if (!delivery) return { state: 'off', attempts: 0, lastError: null, deliveredAt: null };
    return {
      state: delivery.status,
      attempts: delivery.attempts,
      lastError: delivery.lastError,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    };
  }
}

/** One note of a lead's thread. */
export class NoteDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Who wrote it; null for a note older than the thread.',
  })
  authorId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The author's display name today." })
  authorDisplayName!: string | null;

  @ApiProperty()
  body!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  static from(note: ContactNote, names: Map<string, string>): NoteDto {
    return {
      id: note.id,
      authorId: note.authorId,
      authorDisplayName: (note.authorId && names.get(note.authorId)) || null,
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    };
  }
}

/** How many characters of a note its history entry shows. */
export const NOTE_EXCERPT_LENGTH = 100;

/** One entry of a lead's history: who did what (no personal data in `detail`). */
export class HistoryEntryDto {
  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Username at the time; null when the system acted.' })
  actor!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The account that acted; null: the system.' })
  actorId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The account's display name today (the username when unknown)." })
  actorDisplayName!: string | null;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action!: AuditAction;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      '`status`: { from, to }; `note`: { noteId, excerpt (its first 100 characters; null once deleted), deleted? } ' +
      '(before threads: { cleared }); `assign`: { from, to } (user ids or null; `returning: true` when a returning lead arrived with its owner, no actor); `redeliver`: {}; ' +
      '`meeting`: { meetingId, provider, status: booked | cancelled, start (booked only) }.',
    example: { from: 'new', to: 'contacted' },
  })
  detail!: Record<string, unknown>;

  static from(event: AuditEvent, names: Map<string, string>, notes: Map<string, string>): HistoryEntryDto {
    return {
      at: event.at.toISOString(),
      actor: event.actor,
      actorId: event.actorId,
      actorDisplayName: (event.actorId && names.get(event.actorId)) ?? event.actor,
      action: event.action,
      detail: HistoryEntryDto.detailOf(event, notes),
    };
  }

  /**
   * A `note` event names its note by id only (the audit log outlives an erased lead, so it
   * keeps no text); its first characters are read from the thread as the history is shown.
   */
  private static detailOf(event: AuditEvent, notes: Map<string, string>): Record<string, unknown> {
    const noteId = event.detail.noteId;
    if (event.action !== 'note' || typeof noteId !== 'string') return event.detail;
    return { ...event.detail, excerpt: notes.get(noteId)?.slice(0, NOTE_EXCERPT_LENGTH) ?? null };
  }
}

/** Another submission of the same person (canonical e-mail). */
export class OtherSubmissionDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'date-time' })
  submittedAt!: string;

  @ApiProperty({ enum: INTEREST_VALUES })
  interest!: Interest;

  @ApiProperty({ enum: SUBMISSION_STATUSES })
  status!: SubmissionStatus;

  static from(row: Pick<ContactSubmission, 'id' | 'submittedAt' | 'interest' | 'status'>): OtherSubmissionDto {
    return { id: row.id, submittedAt: row.submittedAt.toISOString(), interest: row.interest as Interest, status: row.status };
  }
}

/** The rule and reason that routed a lead (leads/lead-routing.sql.ts). */
export class LeadRoutingDto {
  @ApiProperty({ type: String, nullable: true, description: "The rule's name; null for the fallback." })
  rule!: string | null;

  @ApiProperty({ example: 'round robin' })
  reason!: string;
}

/** A submission as the detail drawer reads it. */
export class ContactDetailDto extends ContactSubmissionDto {
  @ApiProperty({ type: [NoteDto], description: "The team's notes on the lead, newest first." })
  notes!: NoteDto[];

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  statusChangedAt!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Username of who last changed the status.' })
  statusChangedBy!: string | null;

  @ApiProperty({ type: PersonDto, nullable: true, description: 'The teammate who owns the lead.' })
  assignee!: PersonDto | null;

  @ApiProperty({
    type: LeadRoutingDto,
    nullable: true,
    description: 'Why routing gave the lead its assignee when it arrived (or was released); null when routing did not.',
  })
  routing!: LeadRoutingDto | null;

  @ApiProperty({ type: DeliveryDto })
  delivery!: DeliveryDto;

  @ApiProperty({ type: [HistoryEntryDto], description: 'Newest first.' })
  history!: HistoryEntryDto[];

  // Where the lead came from and which consent notice it saw (docs/team-and-privacy.md).
  @ApiProperty({ type: String, nullable: true })
  utmSource!: string | null;

  @ApiProperty({ type: String, nullable: true })
  utmMedium!: string | null;

  @ApiProperty({ type: String, nullable: true })
  utmCampaign!: string | null;

  @ApiProperty({ type: String, nullable: true })
  utmTerm!: string | null;

  @ApiProperty({ type: String, nullable: true })
  utmContent!: string | null;

  @ApiProperty({ type: String, nullable: true })
  referrer!: string | null;

  @ApiProperty({ type: String, nullable: true })
  landingPath!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'A short hash of the consent notice the visitor saw.' })
  consentVersion!: string | null;

  @ApiProperty({ type: [OtherSubmissionDto], description: "The person's other submissions (canonical e-mail), newest first." })
  otherSubmissions!: OtherSubmissionDto[];

  @ApiProperty({
    type: [MeetingDto],
    description:
      'The meetings it booked through a booking link: those to come first (soonest first), then the others, newest first.',
  })
  meetings!: MeetingDto[];

  static fromParts(
    row: ContactSubmission,
    delivery: Delivery | null,
    history: { events: AuditEvent[]; notes: ContactNote[]; names: Map<string, string> },
    person: { repeatOf: string | null; others: OtherSubmissionDto[]; assignee: PersonDto | null },
    meetings: Meeting[],
  ): ContactDetailDto {
    const bodies = new Map(history.notes.map((note) => [note.id, note.body]));
    return {
      ...ContactSubmissionDto.from(row, person.repeatOf, nextMeetingIn(meetings)),
      meetings: meetings.map((meeting) => MeetingDto.from(meeting)),
      utmSource: row.utmSource,
      utmMedium: row.utmMedium,
      utmCampaign: row.utmCampaign,
      utmTerm: row.utmTerm,
      utmContent: row.utmContent,
      referrer: row.referrer,
      landingPath: row.landingPath,
      consentVersion: row.consentVersion,
      otherSubmissions: person.others,
      notes: history.notes.map((note) => NoteDto.from(note, history.names)),
      statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
      statusChangedBy: row.statusChangedBy,
      assignee: person.assignee,
      routing: row.routing,
      delivery: DeliveryDto.from(delivery),
      history: history.events.map((event) => HistoryEntryDto.from(event, history.names, bodies)),
    };
  }
}
