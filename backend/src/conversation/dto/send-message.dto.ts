import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { OptionalField } from '../../common/optional-field.js';
import { Trim } from '../../common/transforms.js';

export const MESSAGE_BODY_MAX_LENGTH = 20_000;
export const MESSAGE_SUBJECT_MAX_LENGTH = 200;

/** `POST /api/admin/contacts/:id/messages`: a teammate's e-mail to the lead. */
export class SendMessageDto {
  @ApiPropertyOptional({
    maxLength: MESSAGE_SUBJECT_MAX_LENGTH,
    description: 'Used when the lead has not written yet (then `Re:` its last subject); a default otherwise.',
  })
  @OptionalField()
  @Trim()
  @IsString({ message: 'subject must be text' })
  @MaxLength(MESSAGE_SUBJECT_MAX_LENGTH, { message: `subject must be at most ${MESSAGE_SUBJECT_MAX_LENGTH} characters` })
  subject?: string;

  @ApiProperty({ minLength: 1, maxLength: MESSAGE_BODY_MAX_LENGTH, description: 'Plain text; the signature is added below it.' })
  @IsString({ message: 'body must be text' })
  @Length(1, MESSAGE_BODY_MAX_LENGTH, { message: `body must be 1 to ${MESSAGE_BODY_MAX_LENGTH} characters` })
  body!: string;
}
