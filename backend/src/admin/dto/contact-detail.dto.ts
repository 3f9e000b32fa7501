import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '../../audit/audit-event.entity.js';
import type { ContactSubmission } from '../../contact/contact-submission.entity.js';
import type { SheetDelivery } from '../../sheets/sheet-delivery.entity.js';
import { ContactSubmissionDto } from './contact-submission.dto.js';

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

  static from(delivery: SheetDelivery | null): DeliveryDto {
    if (!delivery) return { state: 'off', attempts: 0, lastError: null, deliveredAt: null };
    return {
      state: delivery.status,
      attempts: delivery.attempts,
      lastError: delivery.lastError,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    };
  }
}

/** One entry of a lead's history: who did what (no personal data in `detail`). */
export class HistoryEntryDto {
  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Username; null when the system acted.' })
  actor!: string | null;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action!: AuditAction;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: '`status`: { from, to }; `note`: { cleared }; `redeliver`: {}.',
    example: { from: 'new', to: 'contacted' },
  })
  detail!: Record<string, unknown>;

  static from(event: AuditEvent): HistoryEntryDto {
    return { at: event.at.toISOString(), actor: event.actor, action: event.action, detail: event.detail };
  }
}

/** A submission as the detail drawer reads it. */
export class ContactDetailDto extends ContactSubmissionDto {
  @ApiProperty({ type: String, nullable: true })
  note!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  statusChangedAt!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Username of who last changed the status.' })
  statusChangedBy!: string | null;

  @ApiProperty({ type: DeliveryDto })
  delivery!: DeliveryDto;

  @ApiProperty({ type: [HistoryEntryDto], description: 'Newest first.' })
  history!: HistoryEntryDto[];

  static fromParts(row: ContactSubmission, delivery: SheetDelivery | null, history: AuditEvent[]): ContactDetailDto {
    return {
      ...ContactSubmissionDto.from(row),
      note: row.note,
      statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
      statusChangedBy: row.statusChangedBy,
      delivery: DeliveryDto.from(delivery),
      history: history.map((event) => HistoryEntryDto.from(event)),
    };
  }
}
