import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, IsUUID, Length, MaxLength, ValidateIf } from 'class-validator';
import { OptionalField } from '../../common/optional-field.js';
import { Trim } from '../../common/transforms.js';
import type { ReplyTemplate } from '../reply-template.entity.js';
import { MESSAGE_BODY_MAX_LENGTH, MESSAGE_SUBJECT_MAX_LENGTH } from './send-message.dto.js';

export const TEMPLATE_NAME_MAX_LENGTH = 100;

const VARIABLES_HELP =
  'Variables: {{lead.name}}, {{lead.firstName}}, {{lead.company}}, {{lead.interest}}, {{me.name}}, {{me.bookingUrl}}.';

/** `POST /api/admin/reply-templates`. */
export class CreateReplyTemplateDto {
  @ApiProperty({ minLength: 1, maxLength: TEMPLATE_NAME_MAX_LENGTH })
  @Trim()
  @IsString({ message: 'name must be text' })
  @Length(1, TEMPLATE_NAME_MAX_LENGTH, { message: `name must be 1 to ${TEMPLATE_NAME_MAX_LENGTH} characters` })
  name!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MESSAGE_SUBJECT_MAX_LENGTH, description: VARIABLES_HELP })
  @ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null)
  @Trim()
  @IsString({ message: 'subject must be text' })
  @MaxLength(MESSAGE_SUBJECT_MAX_LENGTH, { message: `subject must be at most ${MESSAGE_SUBJECT_MAX_LENGTH} characters` })
  subject?: string | null;

  @ApiProperty({ minLength: 1, maxLength: MESSAGE_BODY_MAX_LENGTH, description: VARIABLES_HELP })
  @IsString({ message: 'body must be text' })
  @Length(1, MESSAGE_BODY_MAX_LENGTH, { message: `body must be 1 to ${MESSAGE_BODY_MAX_LENGTH} characters` })
  body!: string;
}

/** `PATCH /api/admin/reply-templates/:id`: any of the fields. */
export class UpdateReplyTemplateDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: TEMPLATE_NAME_MAX_LENGTH })
  @OptionalField()
  @Trim()
  @IsString({ message: 'name must be text' })
  @Length(1, TEMPLATE_NAME_MAX_LENGTH, { message: `name must be 1 to ${TEMPLATE_NAME_MAX_LENGTH} characters` })
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MESSAGE_SUBJECT_MAX_LENGTH })
  @ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null)
  @Trim()
  @IsString({ message: 'subject must be text' })
  @MaxLength(MESSAGE_SUBJECT_MAX_LENGTH, { message: `subject must be at most ${MESSAGE_SUBJECT_MAX_LENGTH} characters` })
  subject?: string | null;

  @ApiPropertyOptional({ minLength: 1, maxLength: MESSAGE_BODY_MAX_LENGTH })
  @OptionalField()
  @IsString({ message: 'body must be text' })
  @Length(1, MESSAGE_BODY_MAX_LENGTH, { message: `body must be 1 to ${MESSAGE_BODY_MAX_LENGTH} characters` })
  body?: string;
}

/** `POST /api/admin/reply-templates/:id/render`. */
export class RenderReplyTemplateDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'leadId must be the id of a lead' })
  leadId!: string;
}

export class ReplyTemplateDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  subject!: string | null;

  @ApiProperty()
  body!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  static from(template: ReplyTemplate): ReplyTemplateDto {
    const { id, name, subject, body } = template;
    return { id, name, subject, body, updatedAt: template.updatedAt.toISOString() };
  }
}

/** A template filled in for one lead and the caller: what the reply box starts from. */
export class RenderedTemplateDto {
  @ApiProperty({ type: String, nullable: true })
  subject!: string | null;

  @ApiProperty()
  body!: string;
}
