import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import { Trim, TrimToUndefined } from '../../common/transforms.js';
import { CONTACT_MESSAGES, INTEREST_VALUES, type Interest, MAX_LENGTH, NAME_MIN_LENGTH } from '../contact-rules.js';

/** The contact form's body; its rules and messages come from contact-rules.ts. */
export class CreateContactDto {
  @ApiProperty({ minLength: NAME_MIN_LENGTH, maxLength: MAX_LENGTH.name, example: 'Ada Lovelace' })
  @Trim()
  @IsString({ message: CONTACT_MESSAGES.name })
  @MinLength(NAME_MIN_LENGTH, { message: CONTACT_MESSAGES.name })
  @MaxLength(MAX_LENGTH.name, { message: `Name must be at most ${MAX_LENGTH.name} characters` })
  name!: string;

  @ApiProperty({ maxLength: MAX_LENGTH.email, example: 'ada@example.com' })
  @Trim()
  @IsEmail({}, { message: CONTACT_MESSAGES.email })
  @MaxLength(MAX_LENGTH.email, { message: `Email must be at most ${MAX_LENGTH.email} characters` })
  email!: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.linkedin, example: 'https://www.linkedin.com/in/ada' })
  @TrimToUndefined()
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true },
    { message: CONTACT_MESSAGES.linkedin },
  )
  @MaxLength(MAX_LENGTH.linkedin, { message: `LinkedIn URL must be at most ${MAX_LENGTH.linkedin} characters` })
  linkedin?: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.company })
  @TrimToUndefined()
  @IsOptional()
  @IsString({ message: 'Company must be text' })
  @MaxLength(MAX_LENGTH.company, { message: `Company must be at most ${MAX_LENGTH.company} characters` })
  company?: string;

  @ApiProperty({ enum: INTEREST_VALUES })
  @Trim()
  @IsIn(INTEREST_VALUES, { message: CONTACT_MESSAGES.interest })
  interest!: Interest;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.comments })
  @TrimToUndefined()
  @IsOptional()
  @IsString({ message: 'Comments must be text' })
  @MaxLength(MAX_LENGTH.comments, { message: `Comments must be at most ${MAX_LENGTH.comments} characters` })
  comments?: string;

  /**
   * The honeypot: a field people never see nor fill. A body that fills it is a bot's; it is
   * answered like a success and not stored. Hidden from the OpenAPI document, where a bot
   * would learn what it is.
   */
  @ApiHideProperty()
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  website?: string;
}
