import { ApiProperty } from '@nestjs/swagger';

/** The captcha the form shows, when one is set up. */
export class CaptchaConfigDto {
  @ApiProperty({ enum: ['turnstile', 'hcaptcha'] })
  provider!: 'turnstile' | 'hcaptcha';

  @ApiProperty()
  siteKey!: string;
}

/** What the form obtains when it loads: its timing token, and the captcha to show (or null). */
export class FormTokenDto {
  @ApiProperty({ description: 'Signed time of issue; sent back as `formToken` with the form.' })
  token!: string;

  @ApiProperty({
    type: CaptchaConfigDto,
    nullable: true,
    description: 'The captcha widget to show, or null when none is set up.',
  })
  captcha!: CaptchaConfigDto | null;
}
