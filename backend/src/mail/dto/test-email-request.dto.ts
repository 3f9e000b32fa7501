import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, MaxLength } from 'class-validator';
import { MAX_LENGTH } from '../../contact/contact-rules.js';

export class TestEmailRequestDto {
  @ApiPropertyOptional({
    maxLength: MAX_LENGTH.email,
    example: 'ada@example.com',
    description: "Where to send it; MAIL_FROM's address when left out (until accounts carry an e-mail, issue 24).",
  })
  @IsOptional()
  @IsEmail({}, { message: 'to must be an e-mail address' })
  @MaxLength(MAX_LENGTH.email, { message: `to must be at most ${MAX_LENGTH.email} characters` })
  to?: string;
}
