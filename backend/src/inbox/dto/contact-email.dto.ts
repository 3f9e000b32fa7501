import { ApiProperty } from '@nestjs/swagger';
import type { EmailKind } from '../../mail/queue-emails.js';
import { DELIVERY_STATUSES, type Delivery, type DeliveryStatus } from '../../deliveries/delivery.entity.js';

/** The kinds of e-mail sent about a lead (the `email` deliveries' events). */
export const EMAIL_KINDS = [
  'new-lead',
  'digest',
  'assigned',
  'auto-reply',
  'invitation',
  'password-reset',
  'overdue',
  'follow-up',
  'reply',
  'meeting-booked',
] as const satisfies readonly EmailKind[];

/** One e-mail sent (or to be sent) about a lead: no recipient, no content. */
export class ContactEmailDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    enum: EMAIL_KINDS,
    description: 'What it is: the new-lead notice to a teammate, the auto-reply to the visitor, …',
  })
  kind!: EmailKind;

  @ApiProperty({ enum: DELIVERY_STATUSES })
  state!: DeliveryStatus;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ type: String, nullable: true, description: "The mail server's last refusal or the connection's error." })
  lastError!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt!: string | null;

  static from(row: Delivery): ContactEmailDto {
    return {
      id: row.id,
      kind: row.event as EmailKind,
      state: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    };
  }
}
