import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../common/transforms.js';
import { EMAIL_MAX_LENGTH } from '../../identity/dto/update-account.dto.js';

/** POST /api/auth/email: the new address, and the password (a session alone does not move an account). */
export class ChangeEmailDto {
  @ApiProperty({ maxLength: EMAIL_MAX_LENGTH, example: 'ana@example.com' })
  @Trim()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
  email!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'currentPassword is required' })
  @MinLength(1, { message: 'currentPassword is required' })
  @MaxLength(1024, { message: 'currentPassword must be at most 1024 characters' })
  currentPassword!: string;
}

export class ConfirmEmailDto {
  @ApiProperty({ description: 'The token after `#` in the confirmation link.' })
  @IsString({ message: 'token is required' })
  @MaxLength(200, { message: 'token is invalid' })
  token!: string;
}

/** POST /api/auth/email/preview: what a confirmation link is for, shown before it is confirmed. */
export class EmailChangePreviewDto {
  @ApiProperty({ description: 'The account that moves to the new address.', example: 'ana' })
  username!: string;

  @ApiProperty({ description: 'The new address, as the link was sent to it.', example: 'ana@example.com' })
  email!: string;
}
