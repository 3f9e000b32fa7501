import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, IsArray, IsBoolean, IsIn, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { Trim } from '../../common/transforms.js';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, type WebhookEvent, type WebhookFormat } from '../webhook-endpoint.entity.js';

export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** POST /api/admin/webhooks. Whether http: is allowed (WEBHOOKS_ALLOW_PRIVATE) is checked by the service. */
export class CreateWebhookDto {
  @ApiProperty({ maxLength: WEBHOOK_URL_MAX_LENGTH, example: 'https://hooks.example.com/leads' })
  @Trim()
  @IsString({ message: 'url must be text' })
  @MaxLength(WEBHOOK_URL_MAX_LENGTH, { message: `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters` })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'url must be an http(s) URL' })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsArray({ message: 'events must be a list' })
  @ArrayNotEmpty({ message: 'events must name at least one event' })
  @ArrayUnique({ message: 'events must not repeat an event' })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `each event must be one of ${WEBHOOK_EVENTS.join(', ')}` })
  events!: WebhookEvent[];

  // Optional, but null is a wrong value (answered 400), not "absent".
  @ApiPropertyOptional({ enum: WEBHOOK_FORMATS, default: 'standard' })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(WEBHOOK_FORMATS, { message: `format must be one of ${WEBHOOK_FORMATS.join(', ')}` })
  format?: WebhookFormat;

  @ApiPropertyOptional({ default: true })
  @ValidateIf((_, value) => value !== undefined)
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}

/** PATCH: each field given is changed; a field given as null is refused like any wrong value. */
export class UpdateWebhookDto extends PartialType(CreateWebhookDto, { skipNullProperties: false }) {}
