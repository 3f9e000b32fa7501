import { ApiProperty } from '@nestjs/swagger';
import {
  MEETING_PROVIDERS,
  MEETING_STATUSES,
  type Meeting,
  type MeetingProvider,
  type MeetingStatus,
} from '../meeting.entity.js';

/** A meeting the lead booked through a booking link (docs/booking.md). */
export class MeetingDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: MEETING_PROVIDERS })
  provider!: MeetingProvider;

  @ApiProperty({ format: 'date-time' })
  start!: string;

  @ApiProperty({ format: 'date-time' })
  end!: string;

  @ApiProperty({ enum: MEETING_STATUSES })
  status!: MeetingStatus;

  @ApiProperty({ type: String, nullable: true, description: 'Where, as the scheduling tool says: a video link, an address…' })
  location!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The organizer's e-mail as the scheduling tool says." })
  organizerEmail!: string | null;

  static from(meeting: Meeting): MeetingDto {
    return {
      id: meeting.id,
      provider: meeting.provider,
      start: meeting.startAt.toISOString(),
      end: meeting.endAt.toISOString(),
      status: meeting.status,
      location: meeting.location,
      organizerEmail: meeting.organizerEmail,
    };
  }
}
