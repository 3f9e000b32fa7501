import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from 'class-validator';
import { UpdateContactDto } from './update-contact.dto.js';

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

/** `POST /api/admin/contacts/bulk`: the status, assignee and/or follow-up given (as PATCH takes them), on every lead named. */
export class BulkUpdateContactsDto extends IntersectionType(BulkIdsDto, UpdateContactDto) {}

export class BulkUpdateResultDto {
  @ApiProperty({ description: 'The leads that changed (unknown ids and leads already so are not counted).' })
  updated!: number;
}

export class BulkDeleteResultDto {
  @ApiProperty({ description: 'The leads erased (unknown ids are not counted).' })
  erased!: number;
}
