import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_STATUSES, type Delivery, type DeliveryStatus } from './delivery.entity.js';

/** One delivery of a target's log (a webhook endpoint's, the spreadsheet's). */
export class DeliveryLogEntryDto {
  @ApiProperty({ format: 'uuid', description: 'Also its `webhook-id` (webhooks) or `delivery` (the spreadsheet).' })
  id!: string;

  @ApiProperty({
    example: 'lead.created',
    description:
      'Webhooks: `lead.created`, `lead.updated`, `lead.erased` or `webhook.test`; the spreadsheet: `append` or `erase`.',
  })
  event!: string;

  @ApiProperty({ enum: DELIVERY_STATUSES })
  state!: DeliveryStatus;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'The HTTP status of the last attempt.' })
  lastStatus!: number | null;

  @ApiProperty({ type: String, nullable: true })
  lastError!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt!: string | null;

  static from(row: Delivery): DeliveryLogEntryDto {
    return {
      id: row.id,
      event: row.event,
      state: row.status,
      attempts: row.attempts,
      lastStatus: row.lastStatus,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    };
  }
}
