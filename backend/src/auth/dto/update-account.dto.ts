import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, IsTimeZone, Length, MaxLength, ValidateNested } from 'class-validator';
import { Trim } from '../../common/transforms.js';
import { NEW_LEAD_NOTIFICATIONS, type NewLeadNotification } from '../../users/user.entity.js';

export const DISPLAY_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export class UpdateNotificationsDto {
  @ApiPropertyOptional({ enum: NEW_LEAD_NOTIFICATIONS })
  @IsOptional()
  @IsIn(NEW_LEAD_NOTIFICATIONS, { message: `notifications.newLead must be one of ${NEW_LEAD_NOTIFICATIONS.join(', ')}` })
  newLead?: NewLeadNotification;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'notifications.assigned must be true or false' })
  assigned?: boolean;
}

/** PATCH /api/auth/me: each field given is changed. Username, role and password are not here. */
export class UpdateAccountDto {
  @ApiPropertyOptional({ maxLength: EMAIL_MAX_LENGTH })
  @IsOptional()
  @Trim()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
  email?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: DISPLAY_NAME_MAX_LENGTH })
  @IsOptional()
  @Trim()
  @IsString({ message: 'displayName must be text' })
  @Length(1, DISPLAY_NAME_MAX_LENGTH, { message: `displayName must be 1 to ${DISPLAY_NAME_MAX_LENGTH} characters` })
  displayName?: string;

  @ApiPropertyOptional({ description: 'IANA time zone.', example: 'Europe/Paris' })
  @IsOptional()
  @IsTimeZone({ message: 'timeZone must be a known IANA time zone' })
  timeZone?: string;

  @ApiPropertyOptional({ type: UpdateNotificationsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => UpdateNotificationsDto)
  notifications?: UpdateNotificationsDto;
}
