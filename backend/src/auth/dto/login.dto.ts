import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsTimeZone, MaxLength, MinLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @IsString({ message: 'Username is required' })
  @MinLength(1, { message: 'Username is required' })
  @MaxLength(200, { message: 'Username must be at most 200 characters' })
  username!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'Password is required' })
  @MinLength(1, { message: 'Password is required' })
  // Hashing is deliberately slow; an endless password must not make it slower.
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  password!: string;

  @ApiPropertyOptional({
    description: 'With two-factor sign-in on: the 6-digit code of the authenticator app.',
    example: '123456',
  })
  @IsOptional()
  @IsString({ message: 'code must be a string' })
  @MaxLength(16, { message: 'code must be at most 16 characters' })
  code?: string;

  @ApiPropertyOptional({
    description: 'With two-factor sign-in on, in place of `code`: one of the recovery codes (each works once).',
  })
  @IsOptional()
  @IsString({ message: 'recoveryCode must be a string' })
  @MaxLength(64, { message: 'recoveryCode must be at most 64 characters' })
  recoveryCode?: string;

  @ApiPropertyOptional({
    description:
      "The browser's IANA time zone: saved as the account's while it is still on the default UTC and was never chosen.",
    example: 'Europe/Paris',
  })
  @IsOptional()
  @IsString({ message: 'timeZone must be a known IANA time zone' })
  @IsTimeZone({ message: 'timeZone must be a known IANA time zone' })
  timeZone?: string;
}
