import { ApiProperty } from '@nestjs/swagger';

/** How the leads' replies come back into the product (docs/conversation.md). */
export class InboundSettingsDto {
  @ApiProperty({ description: 'INBOUND_EMAIL_SECRET is set: `POST /api/inbound/email` takes replies.' })
  endpoint!: boolean;

  @ApiProperty({ description: 'IMAP_URL is polled for replies (not built yet: always false).' })
  imap!: boolean;
}

/** GET /api/admin/settings/email: whether e-mail is set up, who it comes from, and whether replies come back. */
export class EmailSettingsDto {
  @ApiProperty({ description: 'SMTP_URL and MAIL_FROM are set: e-mail is sent.' })
  enabled!: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'Lead inbox <leads@example.com>', description: 'MAIL_FROM' })
  from!: string | null;

  @ApiProperty({
    type: InboundSettingsDto,
    description: "The ways the leads' replies arrive; with neither, the reply box says replies are not received.",
  })
  inbound!: InboundSettingsDto;
}
