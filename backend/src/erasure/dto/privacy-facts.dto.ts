import { ApiProperty } from '@nestjs/swagger';

/** What the privacy page tells visitors about how long their data is kept. */
export class PrivacyFactsDto {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Submissions older than this many days are erased every day (RETENTION_DAYS); null: kept until erasure is asked for.',
  })
  retentionDays!: number | null;
}
