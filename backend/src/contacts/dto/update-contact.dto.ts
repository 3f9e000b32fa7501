import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../contact/contact-submission.entity.js';
import { Trim } from '../../common/transforms.js';
import { ASSIGNEE_RULE } from '../../users/assignable-roles.js';

export const NOTE_MAX_LENGTH = 5000;

/** PATCH: each field given is changed; a field left out stays as it is. */
export class UpdateContactDto {
  @ApiPropertyOptional({ enum: SUBMISSION_STATUSES })
  // A missing status is left as it is; null is no status.
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(SUBMISSION_STATUSES, { message: `status must be one of ${SUBMISSION_STATUSES.join(', ')}` })
  status?: SubmissionStatus;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: NOTE_MAX_LENGTH,
    description: 'null (or only spaces) clears it.',
  })
  // null clears the note: only text is checked.
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @Trim()
  @IsString({ message: 'note must be text or null' })
  @MaxLength(NOTE_MAX_LENGTH, { message: `note must be at most ${NOTE_MAX_LENGTH} characters` })
  note?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "An active member's or admin's id; null unassigns.",
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsUUID('all', { message: ASSIGNEE_RULE })
  assigneeId?: string | null;
}
