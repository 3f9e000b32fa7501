import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsUUID, ValidateIf } from 'class-validator';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../contact/contact-submission.entity.js';
import { ASSIGNEE_RULE } from '../../users/assignable-roles.js';

export const BULK_MAX = 1000;
const IDS_RULE = `ids must be a list of 1 to ${BULK_MAX} lead ids`;

/** The leads a bulk action works on: unknown ids are skipped. */
export class BulkIdsDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: BULK_MAX })
  @IsArray({ message: IDS_RULE })
  @ArrayMinSize(1, { message: IDS_RULE })
  @ArrayMaxSize(BULK_MAX, { message: IDS_RULE })
  @IsUUID('all', { each: true, message: 'each of ids must be a lead id (a UUID)' })
  ids!: string[];
}

/** `POST /api/admin/contacts/bulk`: the status and/or assignee given, on every lead named. */
export class BulkUpdateContactsDto extends BulkIdsDto {
  @ApiPropertyOptional({ enum: SUBMISSION_STATUSES })
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
}

export class BulkUpdateResultDto {
  @ApiProperty({ description: 'The leads that changed (unknown ids and leads already so are not counted).' })
  updated!: number;
}

export class BulkDeleteResultDto {
  @ApiProperty({ description: 'The leads erased (unknown ids are not counted).' })
  erased!: number;
}
