import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_STATUSES, type Delivery, type DeliveryStatus } from '../../deliveries/delivery.entity.js';

/** One delivery of an endpoint's log. */
export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', description: 'Also its `webhook-id`.' })
  id!: string;

  @ApiProperty({ example: 'lead.created', description: '`lead.created`, `lead.updated`, `lead.erased` or `webhook.test`.' })
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

  static from(row: Delivery): WebhookDeliveryDto {
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
