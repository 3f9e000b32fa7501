import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsTimeZone } from 'class-validator';

export class AnalyticsQueryDto {
  @ApiPropertyOptional({
    type: String,
    description: 'IANA time zone that defines "this month".',
    default: 'UTC',
    example: 'Europe/Paris',
  })
  @IsTimeZone({ message: 'tz must be a known IANA time zone' })
  tz = 'UTC';
}
