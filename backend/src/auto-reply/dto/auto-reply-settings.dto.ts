import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Trim } from '../../common/transforms.js';
import { AUTO_REPLY_LIMITS, BOOKING_URL_PLACEHOLDER, NAME_PLACEHOLDER } from '../auto-reply-settings.entity.js';

/** GET and PUT /api/admin/settings/auto-reply: the auto-reply to the visitor. */
export class AutoReplySettingsDto {
  @ApiProperty({ description: 'Whether a visitor gets it (when e-mail is set up).' })
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;

  @ApiProperty({ maxLength: AUTO_REPLY_LIMITS.subject, example: 'Thanks for getting in touch' })
  @Trim()
  @IsString({ message: 'subject must be text' })
  @IsNotEmpty({ message: 'subject must not be empty' })
  @MaxLength(AUTO_REPLY_LIMITS.subject, { message: `subject must be at most ${AUTO_REPLY_LIMITS.subject} characters` })
  subject!: string;

  @ApiProperty({
    maxLength: AUTO_REPLY_LIMITS.body,
    description: `Plain text; ${NAME_PLACEHOLDER} is replaced by the lead's name, ${BOOKING_URL_PLACEHOLDER} by the visitor's booking link (empty without one).`,
    example: `Hi ${NAME_PLACEHOLDER},\n\nThank you for your message.`,
  })
  @IsString({ message: 'body must be text' })
  @Matches(/\S/, { message: 'body must not be empty' })
  @MaxLength(AUTO_REPLY_LIMITS.body, { message: `body must be at most ${AUTO_REPLY_LIMITS.body} characters` })
  body!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    maxLength: AUTO_REPLY_LIMITS.replyTo,
    description: "Where a visitor's answer goes (Reply-To); null: to the sender. Left out: unchanged.",
    example: 'team@example.com',
  })
  @Trim()
  @ValidateIf((_, value) => value !== undefined && value !== null && value !== '')
  @IsString({ message: 'replyTo must be an e-mail address' })
  @MaxLength(AUTO_REPLY_LIMITS.replyTo, { message: `replyTo must be at most ${AUTO_REPLY_LIMITS.replyTo} characters` })
  @IsEmail({}, { message: 'replyTo must be an e-mail address' })
  replyTo?: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    required: false,
    maxLength: AUTO_REPLY_LIMITS.fromName,
    description: "The sender's display name; null: MAIL_FROM's. Left out: unchanged.",
    example: 'The recruiting team',
  })
  @Trim()
  @ValidateIf((_, value) => value !== undefined && value !== null && value !== '')
  @IsString({ message: 'fromName must be text' })
  @MaxLength(AUTO_REPLY_LIMITS.fromName, { message: `fromName must be at most ${AUTO_REPLY_LIMITS.fromName} characters` })
  fromName?: string | null;
}
