import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, MaxLength } from 'class-validator';
// An e-mail address's limit (RFC 5321), as for an account's address.
import { EMAIL_MAX_LENGTH } from '../../identity/dto/update-account.dto.js';

export class TestEmailRequestDto {
  @ApiPropertyOptional({
    maxLength: EMAIL_MAX_LENGTH,
    example: 'ada@example.com',
    description: "Where to send it; the caller's own e-mail address when left out.",
  })
  @IsOptional()
  @IsEmail({}, { message: 'to must be an e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `to must be at most ${EMAIL_MAX_LENGTH} characters` })
  to?: string;
}
