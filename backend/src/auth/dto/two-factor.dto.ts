import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** `POST /api/auth/2fa/setup`: what the authenticator app needs (not in use until enabled). */
export class TwoFactorSetupDto {
  @ApiProperty({ description: 'The TOTP secret in base32, for typing in by hand.', example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
  secret!: string;

  @ApiProperty({ description: 'The `otpauth://totp/…` URL (shown as a QR code).' })
  otpauthUrl!: string;
}

export class EnableTwoFactorDto {
  @ApiProperty({ description: 'The current 6-digit code of the authenticator app.', example: '123456' })
  @IsString({ message: 'code is required' })
  @MinLength(1, { message: 'code is required' })
  @MaxLength(16, { message: 'code must be at most 16 characters' })
  code!: string;
}

/** `POST /api/auth/2fa/enable`: the recovery codes, shown this once. */
export class RecoveryCodesDto {
  @ApiProperty({ type: [String], description: '10 single-use codes that sign in in place of a code.' })
  recoveryCodes!: string[];
}

/**
 * The current password: `POST /api/auth/2fa/setup`, `…/disable` and `…/recovery-codes` each
 * take it, so that a stolen session can neither put its own authenticator on the account nor
 * take the owner's off.
 */
export class CurrentPasswordDto {
  @ApiProperty({ format: 'password' })
  @IsString({ message: 'currentPassword is required' })
  @MinLength(1, { message: 'currentPassword is required' })
  @MaxLength(1024, { message: 'currentPassword must be at most 1024 characters' })
  currentPassword!: string;
}
