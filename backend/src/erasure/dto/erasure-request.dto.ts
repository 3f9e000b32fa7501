import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, MaxLength } from 'class-validator';
import { Trim } from '../../common/transforms.js';
import { CONTACT_MESSAGES, MAX_LENGTH } from '../../leads/contact-rules.js';

/** A person's erasure request: every submission with this e-mail (trimmed, any case). */
export class ErasureRequestDto {
  @ApiProperty({ maxLength: MAX_LENGTH.email, example: 'ada@example.com' })
  @Trim()
  @IsEmail({}, { message: CONTACT_MESSAGES.email })
  @MaxLength(MAX_LENGTH.email, { message: `Email must be at most ${MAX_LENGTH.email} characters` })
  email!: string;
}
