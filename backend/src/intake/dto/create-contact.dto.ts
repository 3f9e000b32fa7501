import { applyDecorators } from '@nestjs/common';
import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUrl, Matches, MaxLength, MinLength } from 'class-validator';
import { Trim, TrimToUndefined } from '../../common/transforms.js';
import {
  CONTACT_MESSAGES,
  EMAIL_REGEXP,
  INTEREST_VALUES,
  type Interest,
  MAX_LENGTH,
  NAME_MIN_LENGTH,
} from '../../leads/contact-rules.js';

/** An optional `utm_*` parameter: text of at most MAX_LENGTH.utm characters. */
function UtmParameter(field: string): PropertyDecorator {
  return applyDecorators(
    TrimToUndefined(),
    IsOptional(),
    IsString({ message: `${field} must be text` }),
    MaxLength(MAX_LENGTH.utm, { message: `${field} must be at most ${MAX_LENGTH.utm} characters` }),
  );
}

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
  // The form applies the same expression (generated contact-rules.json), so it never lets
  // through an address refused here.
  @Matches(EMAIL_REGEXP, { message: CONTACT_MESSAGES.email })
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

  // Where the lead came from and which consent notice it saw: the SPA takes them from the
  // visit's first page view and the notice under the button (docs/team-and-privacy.md).
  @ApiPropertyOptional({ maxLength: MAX_LENGTH.utm, example: 'newsletter' })
  @UtmParameter('utmSource')
  utmSource?: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.utm, example: 'email' })
  @UtmParameter('utmMedium')
  utmMedium?: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.utm, example: 'spring-launch' })
  @UtmParameter('utmCampaign')
  utmCampaign?: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.utm })
  @UtmParameter('utmTerm')
  utmTerm?: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.utm })
  @UtmParameter('utmContent')
  utmContent?: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.referrer, example: 'https://www.google.com/' })
  @TrimToUndefined()
  @IsOptional()
  // Intranet referrers have no top-level domain; the scheme is what must be http(s).
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true, require_tld: false },
    { message: 'referrer must be an absolute http or https URL' },
  )
  @MaxLength(MAX_LENGTH.referrer, { message: `referrer must be at most ${MAX_LENGTH.referrer} characters` })
  referrer?: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.landingPath, example: '/' })
  @TrimToUndefined()
  @IsOptional()
  @IsString({ message: 'landingPath must be text' })
  @Matches(/^\//, { message: 'landingPath must start with /' })
  @MaxLength(MAX_LENGTH.landingPath, { message: `landingPath must be at most ${MAX_LENGTH.landingPath} characters` })
  landingPath?: string;

  @ApiPropertyOptional({ maxLength: MAX_LENGTH.consentVersion, description: 'A short hash of the consent notice shown' })
  @TrimToUndefined()
  @IsOptional()
  @IsString({ message: 'consentVersion must be text' })
  @MaxLength(MAX_LENGTH.consentVersion, { message: `consentVersion must be at most ${MAX_LENGTH.consentVersion} characters` })
  consentVersion?: string;

  /** The signed token the form obtained on load (`GET /api/contact/token`): how long the visitor took. */
  @ApiPropertyOptional({ maxLength: 200, description: 'The token of `GET /api/contact/token`, obtained when the form loaded.' })
  @IsOptional()
  @IsString({ message: 'formToken must be text' })
  @MaxLength(200, { message: 'formToken must be at most 200 characters' })
  formToken?: string;

  /** The captcha widget's answer, when a captcha is set up. */
  @ApiPropertyOptional({ maxLength: 4096, description: "The captcha widget's response token, when `captcha` is set up." })
  @IsOptional()
  @IsString({ message: 'captchaToken must be text' })
  @MaxLength(4096, { message: 'captchaToken must be at most 4096 characters' })
  captchaToken?: string;

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
