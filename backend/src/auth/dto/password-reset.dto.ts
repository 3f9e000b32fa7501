import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/transforms.js';
import { NewPassword } from '../../identity/new-password.js';
import { EMAIL_MAX_LENGTH } from '../../identity/dto/update-account.dto.js';

export class PasswordResetRequestDto {
  @ApiProperty({ maxLength: EMAIL_MAX_LENGTH })
  @Trim()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
  email!: string;
}

export class PasswordResetConfirmDto {
  @ApiProperty({ description: 'The token after `#` in the reset link.' })
  @IsString({ message: 'token is required' })
  @MaxLength(200, { message: 'token is invalid' })
  token!: string;

  @ApiProperty({ format: 'password', minLength: 12, maxLength: 1024 })
  @NewPassword('password')
  password!: string;
}
