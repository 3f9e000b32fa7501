import { ApiProperty } from '@nestjs/swagger';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookFormat,
} from '../webhook-endpoint.entity.js';

/** An endpoint as the dashboard reads it (never its secret). */
export class WebhookDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  events!: WebhookEvent[];

  @ApiProperty({ enum: WEBHOOK_FORMATS })
  format!: WebhookFormat;

  @ApiProperty()
  active!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'Set when the endpoint has been failing for a day: when the oldest of its deliveries tried and not delivered, ' +
      'queued after the newest one delivered, was queued. null otherwise.',
  })
  failingSince!: string | null;

  static from(row: WebhookEndpoint, failingSince: Date | null): WebhookDto {
    return {
      id: row.id,
      url: row.url,
      events: row.events,
      format: row.format,
      active: row.active,
      createdAt: row.createdAt.toISOString(),
      failingSince: failingSince?.toISOString() ?? null,
    };
  }
}

/** The answer to a creation: the endpoint with its secret, shown this once. */
export class CreatedWebhookDto extends WebhookDto {
  @ApiProperty({ description: '`whsec_` + base64 of 24 random bytes; shown once.', example: 'whsec_…' })
  secret!: string;
}

/** The answer to rotate-secret: the new secret, shown this once. */
export class WebhookSecretDto {
  @ApiProperty({ description: '`whsec_` + base64 of 24 random bytes; shown once.', example: 'whsec_…' })
  secret!: string;
}
