import { ApiProperty } from '@nestjs/swagger';

/** Which ways the leads' replies come in (docs/conversation.md); neither: the reply box says replies are not received. */
export class InboundEmailSettingsDto {
  @ApiProperty({ description: 'INBOUND_EMAIL_SECRET is set: POST /api/inbound/email takes replies.' })
  endpoint!: boolean;

  @ApiProperty({ description: 'IMAP_URL is set: the API fetches replies from that mailbox.' })
  imap!: boolean;
}

/** GET /api/admin/settings/email: whether e-mail is set up, who it comes from, and how replies come in. */
export class EmailSettingsDto {
  @ApiProperty({ description: 'SMTP_URL and MAIL_FROM are set: e-mail is sent.' })
  enabled!: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'Lead inbox <leads@example.com>', description: 'MAIL_FROM' })
  from!: string | null;

  @ApiProperty({ type: InboundEmailSettingsDto })
  inbound!: InboundEmailSettingsDto;
}
