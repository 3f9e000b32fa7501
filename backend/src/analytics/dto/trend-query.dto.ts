import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsTimeZone, Max, Min } from 'class-validator';

export class TrendQueryDto {
  @ApiPropertyOptional({
    type: String,
    description: 'IANA time zone whose calendar days are counted.',
    default: 'UTC',
    example: 'Europe/Paris',
  })
  @IsTimeZone({ message: 'tz must be a known IANA time zone' })
  tz = 'UTC';

  @ApiPropertyOptional({ type: 'integer', minimum: 7, maximum: 365, default: 30, description: 'Days, today included.' })
  @Type(() => Number)
  @IsInt({ message: 'days must be an integer from 7 to 365' })
  @Min(7, { message: 'days must be an integer from 7 to 365' })
  @Max(365, { message: 'days must be an integer from 7 to 365' })
  days = 30;
}
