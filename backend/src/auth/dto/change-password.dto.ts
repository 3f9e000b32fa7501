import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { NewPassword } from '../../identity/new-password.js';

export class ChangePasswordDto {
  @ApiProperty({ format: 'password' })
  @IsString({ message: 'currentPassword is required' })
  @MinLength(1, { message: 'currentPassword is required' })
  @MaxLength(1024, { message: 'currentPassword must be at most 1024 characters' })
  currentPassword!: string;

  @ApiProperty({ format: 'password', minLength: 12, maxLength: 1024 })
  @NewPassword('newPassword')
  newPassword!: string;
}
