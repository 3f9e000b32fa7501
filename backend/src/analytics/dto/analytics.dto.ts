import { ApiProperty } from '@nestjs/swagger';

export class AnalyticsDto {
  @ApiProperty({ description: 'Every submission.' })
  total!: number;

  @ApiProperty({ description: 'Submissions of the calendar month in the asked time zone.' })
  thisMonth!: number;

  @ApiProperty({ description: 'Submissions that name a company.' })
  companiesSubmitted!: number;

  @ApiProperty({
    description: 'Submissions per interest value; interests nobody chose are absent.',
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { 'empower-team': 3, partnership: 1 },
  })
  interestBreakdown!: Record<string, number>;
}
