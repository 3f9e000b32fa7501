import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, MaxLength } from 'class-validator';
import { MAX_LENGTH } from '../../leads/contact-rules.js';

export class TestEmailRequestDto {
  @ApiPropertyOptional({
    maxLength: MAX_LENGTH.email,
    example: 'ada@example.com',
    description: "Where to send it; the caller's own e-mail address when left out.",
  })
  @IsOptional()
  @IsEmail({}, { message: 'to must be an e-mail address' })
  @MaxLength(MAX_LENGTH.email, { message: `to must be at most ${MAX_LENGTH.email} characters` })
  to?: string;
}
