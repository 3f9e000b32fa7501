import { ApiProperty } from '@nestjs/swagger';
import type { LeadMessageAttachment } from '../lead-message-attachment.entity.js';
import {
  type LeadMessage,
  MATCHED_BY,
  type MatchedBy,
  MESSAGE_DIRECTIONS,
  MESSAGE_STATES,
  type MessageDirection,
  type MessageState,
} from '../lead-message.entity.js';

/** A file of an incoming message (`GET …/attachments/:attachmentId` answers it). */
export class AttachmentDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  filename!: string;

  @ApiProperty({ description: 'As the message declared it.' })
  contentType!: string;

  @ApiProperty({ description: 'Bytes.' })
  size!: number;

  @ApiProperty({ description: 'False when it was over INBOUND_ATTACHMENT_MAX_MB: listed, its content not kept.' })
  kept!: boolean;

  static from(attachment: LeadMessageAttachment & { kept: boolean }): AttachmentDto {
    const { id, filename, contentType, size, kept } = attachment;
    return { id, filename, contentType, size, kept };
  }
}

/** One message of a lead's conversation. */
export class LeadMessageDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: MESSAGE_DIRECTIONS, description: '`out`: a teammate sent it; `in`: the lead wrote it.' })
  direction!: MessageDirection;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Who sent an outgoing message.' })
  authorId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The sender's display name today (outgoing)." })
  authorDisplayName!: string | null;

  @ApiProperty({ description: 'The From header.' })
  from!: string;

  @ApiProperty({ description: 'The To header.' })
  to!: string;

  @ApiProperty()
  subject!: string;

  @ApiProperty({ description: 'Plain text: what was sent, or what the lead wrote above the quoted history.' })
  text!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The quoted history below the new text (folded away; shown on request).',
  })
  quotedText!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Outgoing: when the SMTP server accepted it (null while queued). Incoming: its Date header.',
  })
  sentAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Incoming: when it was stored.' })
  receivedAt!: string | null;

  @ApiProperty({ enum: MATCHED_BY, nullable: true, description: 'Incoming: how it found its lead.' })
  matchedBy!: MatchedBy | null;

  @ApiProperty({ description: 'An automatic message (auto-reply, list mail, bounce): notifies nobody, awaits no answer.' })
  automatic!: boolean;

  @ApiProperty({
    enum: MESSAGE_STATES,
    nullable: true,
    description: 'Outgoing: queued, sent (accepted by the SMTP server) or failed.',
  })
  state!: MessageState | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: [AttachmentDto] })
  attachments!: AttachmentDto[];

  static from(
    message: LeadMessage,
    attachments: Array<LeadMessageAttachment & { kept: boolean }>,
    names: Map<string, string>,
  ): LeadMessageDto {
    return {
      id: message.id,
      direction: message.direction,
      authorId: message.authorId,
      authorDisplayName: (message.authorId && names.get(message.authorId)) || null,
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      quotedText: message.quotedText,
      sentAt: message.sentAt?.toISOString() ?? null,
      receivedAt: message.receivedAt?.toISOString() ?? null,
      matchedBy: message.matchedBy,
      automatic: message.automatic,
      state: message.state,
      createdAt: message.createdAt.toISOString(),
      attachments: attachments.map((attachment) => AttachmentDto.from(attachment)),
    };
  }
}

/** `POST /api/inbound/email`'s answer. */
export class InboundResultDto {
  @ApiProperty({ enum: [0, 1], description: '1 when the message was stored; 0 when it matched no lead or was stored before.' })
  stored!: 0 | 1;

  @ApiProperty({ required: false, format: 'uuid', description: 'The lead it was stored with.' })
  leadId?: string;
}
