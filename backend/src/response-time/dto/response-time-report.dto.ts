import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsTimeZone, Matches } from 'class-validator';

// A calendar date (midnight in `tz`) or an instant with its zone.
const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

export class ResponseTimeReportQueryDto {
  @ApiPropertyOptional({
    description:
      'Leads submitted at or after: a date (its midnight in `tz`) or an ISO 8601 instant. Default: 30 days before `to`.',
    example: '2026-11-01',
  })
  @IsOptional()
  @Matches(DATE_OR_INSTANT, { message: 'from must be a date (YYYY-MM-DD) or an ISO 8601 instant' })
  from?: string;

  @ApiPropertyOptional({
    description: 'Leads submitted before: a date (its midnight in `tz`) or an ISO 8601 instant. Default: now.',
    example: '2026-12-01',
  })
  @IsOptional()
  @Matches(DATE_OR_INSTANT, { message: 'to must be a date (YYYY-MM-DD) or an ISO 8601 instant' })
  to?: string;

  @ApiPropertyOptional({ type: String, description: 'IANA time zone of plain dates.', default: 'UTC', example: 'Europe/Paris' })
  @IsTimeZone({ message: 'tz must be a known IANA time zone' })
  tz = 'UTC';
}

export class AssigneeResponseDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null: the leads nobody is assigned.' })
  assigneeId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  displayName!: string | null;

  @ApiProperty()
  answered!: number;

  @ApiProperty({ type: Number, nullable: true })
  medianMinutes!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Share of its answered leads answered within the target (0–1).' })
  withinTarget!: number | null;
}

export class SourceResponseDto {
  @ApiProperty({ type: String, nullable: true, description: 'utm_source, or null when the lead had none.' })
  source!: string | null;

  @ApiProperty()
  leads!: number;

  @ApiProperty()
  answered!: number;

  @ApiProperty({ description: 'Leads whose status is qualified now.' })
  qualified!: number;

  @ApiProperty({ type: Number, nullable: true })
  medianMinutes!: number | null;
}

/**
 * Response time over the leads submitted in [from, to), spam excluded. Minutes are
 * responseMinutes (business minutes under the settings of the moment each was answered);
 * median and p90 interpolate between ranks (PostgreSQL's percentile_cont), to 0.1 minute;
 * null without any answered lead.
 */
export class ResponseTimeReportDto {
  @ApiProperty({ description: 'Leads submitted in the range (spam excluded).' })
  leads!: number;

  @ApiProperty({ description: 'Of them, those whose status has left new.' })
  answered!: number;

  @ApiProperty({ description: 'Of them, those still new.' })
  waiting!: number;

  @ApiProperty({ description: 'Of them, those still new past the response target.' })
  overdue!: number;

  @ApiProperty({ type: Number, nullable: true })
  medianMinutes!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  p90Minutes!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Share of the answered leads answered within the current target (0–1).',
  })
  withinTarget!: number | null;

  @ApiProperty({ type: [AssigneeResponseDto] })
  byAssignee!: AssigneeResponseDto[];

  @ApiProperty({ type: [SourceResponseDto] })
  bySource!: SourceResponseDto[];
}
