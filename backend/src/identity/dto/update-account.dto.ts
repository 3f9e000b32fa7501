import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsString, IsTimeZone, Length, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { OptionalField } from '../../common/optional-field.js';
import { BOOKING_URL_MAX_LENGTH, IsBookingUrlOrNull } from '../../common/booking-link.js';
import { Trim } from '../../common/transforms.js';
import {
  NEW_LEAD_NOTIFICATIONS,
  type NewLeadNotification,
  REPLY_NOTIFICATIONS,
  type ReplyNotification,
  SIGNATURE_MAX_LENGTH,
} from '../user.entity.js';

export const DISPLAY_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export class UpdateNotificationsDto {
  @ApiPropertyOptional({ enum: NEW_LEAD_NOTIFICATIONS })
  @OptionalField()
  @IsIn(NEW_LEAD_NOTIFICATIONS, { message: `notifications.newLead must be one of ${NEW_LEAD_NOTIFICATIONS.join(', ')}` })
  newLead?: NewLeadNotification;

  @ApiPropertyOptional()
  @OptionalField()
  @IsBoolean({ message: 'notifications.assigned must be true or false' })
  assigned?: boolean;

  /**
   * `instant` or `off` as `me` answers it; `true` and `false` are taken too (the contract's
   * later section names every choice but `newLead` a boolean): true is `instant`, false `off`.
   */
  @ApiPropertyOptional({
    oneOf: [{ type: 'string', enum: [...REPLY_NOTIFICATIONS] }, { type: 'boolean' }],
    description: '`instant` or `off`; `true` is taken as `instant`, `false` as `off`.',
  })
  @OptionalField()
  @Transform(({ value }: { value: unknown }) => (value === true ? 'instant' : value === false ? 'off' : value))
  @IsIn(REPLY_NOTIFICATIONS, {
    message: `notifications.replies must be one of ${REPLY_NOTIFICATIONS.join(', ')}, true or false`,
  })
  replies?: ReplyNotification;

  @ApiPropertyOptional({ description: '"Waiting for an answer" e-mails.' })
  @OptionalField()
  @IsBoolean({ message: 'notifications.escalations must be true or false' })
  escalations?: boolean;

  @ApiPropertyOptional({ description: '"Follow up" reminder e-mails.' })
  @OptionalField()
  @IsBoolean({ message: 'notifications.followUps must be true or false' })
  followUps?: boolean;
}

/**
 * PATCH /api/auth/me: each field given is changed (null is refused, never stored). Username,
 * role, password and e-mail are not here: the e-mail changes by POST /api/auth/email.
 */
export class UpdateAccountDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: DISPLAY_NAME_MAX_LENGTH })
  @OptionalField()
  @Trim()
  @IsString({ message: 'displayName must be text' })
  @Length(1, DISPLAY_NAME_MAX_LENGTH, { message: `displayName must be 1 to ${DISPLAY_NAME_MAX_LENGTH} characters` })
  displayName?: string;

  @ApiPropertyOptional({ description: 'IANA time zone.', example: 'Europe/Paris' })
  @OptionalField()
  @IsString({ message: 'timeZone must be a known IANA time zone' })
  @IsTimeZone({ message: 'timeZone must be a known IANA time zone' })
  timeZone?: string;

  @ApiPropertyOptional({ description: 'true: away, routing gives them no new leads; false: back.' })
  @OptionalField()
  @IsBoolean({ message: 'away must be true or false' })
  away?: boolean;

  @ApiPropertyOptional({
    maxLength: SIGNATURE_MAX_LENGTH,
    description: 'Added below each message sent to a lead; "" removes it.',
  })
  @OptionalField()
  @IsString({ message: 'signature must be text' })
  @MaxLength(SIGNATURE_MAX_LENGTH, { message: `signature must be at most ${SIGNATURE_MAX_LENGTH} characters` })
  signature?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: BOOKING_URL_MAX_LENGTH,
    description: "The user's booking link (an https: URL) that the leads assigned to them get; null removes it.",
  })
  @ValidateIf((_object: object, value: unknown) => value !== undefined)
  @Trim()
  @IsBookingUrlOrNull('bookingUrl')
  bookingUrl?: string | null;

  @ApiPropertyOptional({ type: UpdateNotificationsDto })
  @OptionalField()
  @IsObject({ message: 'notifications must be an object' })
  @ValidateNested()
  @Type(() => UpdateNotificationsDto)
  notifications?: UpdateNotificationsDto;
}
