import { ApiProperty } from '@nestjs/swagger';

/** Submissions of one calendar day in the asked time zone. */
export class TrendDayDto {
  @ApiProperty({ example: '2026-11-23', description: 'YYYY-MM-DD in the asked time zone.' })
  date!: string;

  @ApiProperty()
  total!: number;

  @ApiProperty({
    description: 'Submissions per interest value that day; interests nobody chose that day are absent.',
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { 'empower-team': 3, partnership: 1 },
  })
  byInterest!: Record<string, number>;
}
