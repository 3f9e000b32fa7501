import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import { Trim, TrimToUndefined } from '../../common/transforms.js';
import { INTEREST_VALUES, type Interest } from '../interest.js';

/** The contact form's body. Rules and messages are those of spec §5; lengths from the contract. */
export class CreateContactDto {
  @ApiProperty({ minLength: 2, maxLength: 200, example: 'Ada Lovelace' })
  @Trim()
  @IsString({ message: 'Name must be at least 2 characters' })
  @MinLength(2, { message: 'Name must be at least 2 characters' })
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  name!: string;

  @ApiProperty({ maxLength: 254, example: 'ada@example.com' })
  @Trim()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email!: string;

  @ApiPropertyOptional({ maxLength: 2048, example: 'https://www.linkedin.com/in/ada' })
  @TrimToUndefined()
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true },
    { message: 'Please enter a valid LinkedIn URL' },
  )
  @MaxLength(2048, { message: 'LinkedIn URL must be at most 2048 characters' })
  linkedin?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @TrimToUndefined()
  @IsOptional()
  @IsString({ message: 'Company must be text' })
  @MaxLength(200, { message: 'Company must be at most 200 characters' })
  company?: string;

  @ApiProperty({ enum: INTEREST_VALUES })
  @Trim()
  @IsIn(INTEREST_VALUES, { message: 'Please select your primary interest' })
  interest!: Interest;

  @ApiPropertyOptional({ maxLength: 5000 })
  @TrimToUndefined()
  @IsOptional()
  @IsString({ message: 'Comments must be text' })
  @MaxLength(5000, { message: 'Comments must be at most 5000 characters' })
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
