import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, IsTimeZone, Length, Matches, MaxLength } from 'class-validator';
import { OptionalField } from '../../common/optional-field.js';
import { DISPLAY_NAME_MAX_LENGTH } from '../../identity/dto/update-account.dto.js';
import { NewPassword } from '../../identity/new-password.js';
import { Trim } from '../../common/transforms.js';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;

export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token after `#` in the invitation link.' })
  @IsString({ message: 'token is required' })
  @MaxLength(200, { message: 'token is invalid' })
  token!: string;

  @ApiProperty({ pattern: USERNAME_PATTERN.source, example: 'ana' })
  @Trim()
  @IsString({ message: 'username must be 3 to 64 letters, digits, dots, dashes or underscores' })
  @Matches(USERNAME_PATTERN, { message: 'username must be 3 to 64 letters, digits, dots, dashes or underscores' })
  username!: string;

  @ApiProperty({ format: 'password', minLength: 12, maxLength: 1024 })
  @NewPassword('password')
  password!: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: DISPLAY_NAME_MAX_LENGTH, description: 'The username when left out.' })
  @OptionalField()
  @Trim()
  @IsString({ message: 'displayName must be text' })
  @Length(1, DISPLAY_NAME_MAX_LENGTH, { message: `displayName must be 1 to ${DISPLAY_NAME_MAX_LENGTH} characters` })
  displayName?: string;

  @ApiPropertyOptional({
    description: "The browser's IANA time zone, the new account's (UTC when left out).",
    example: 'Europe/Paris',
  })
  @OptionalField()
  @IsString({ message: 'timeZone must be a known IANA time zone' })
  @IsTimeZone({ message: 'timeZone must be a known IANA time zone' })
  timeZone?: string;
}
