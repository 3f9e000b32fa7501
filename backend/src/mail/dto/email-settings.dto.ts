import { ApiProperty } from '@nestjs/swagger';

/** GET /api/admin/settings/email: whether e-mail is set up, and who it comes from. */
export class EmailSettingsDto {
  @ApiProperty({ description: 'SMTP_URL and MAIL_FROM are set: e-mail is sent.' })
  enabled!: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'Lead inbox <leads@example.com>', description: 'MAIL_FROM' })
  from!: string | null;
}
