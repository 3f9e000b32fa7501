import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsUUID, Matches, ValidateIf } from 'class-validator';
import { INSTANT } from './contact-filters-query.dto.js';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../leads/contact-submission.entity.js';
import { ASSIGNEE_RULE } from '../../identity/assignable-roles.js';

/** PATCH: each field given is changed; a field left out stays as it is. Notes are added to the thread (CreateNoteDto). */
export class UpdateContactDto {
  @ApiPropertyOptional({ enum: SUBMISSION_STATUSES })
  // A missing status is left as it is; null is no status.
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(SUBMISSION_STATUSES, { message: `status must be one of ${SUBMISSION_STATUSES.join(', ')}` })
  status?: SubmissionStatus;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "An active member's or admin's id; null unassigns.",
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsUUID('all', { message: ASSIGNEE_RULE })
  assigneeId?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When to follow the lead up (an ISO 8601 instant); null clears it. Its assignee (or the team) is reminded then.',
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @Matches(INSTANT, { message: 'followUpAt must be an ISO 8601 instant such as 2026-11-01T09:00:00.000Z, or null' })
  followUpAt?: string | null;
}
