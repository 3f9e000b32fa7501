import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsTimeZone } from 'class-validator';
import { ContactFiltersQueryDto } from './contact-filters-query.dto.js';

/** The CSV export's query: the inbox's filters, and the time zone its dates are written in. */
export class ExportQueryDto extends ContactFiltersQueryDto {
  @ApiPropertyOptional({
    description:
      'Write dates as wall-clock times (`YYYY-MM-DD HH:MM:SS`) in this IANA time zone, as spreadsheets read them. Default: ISO 8601 instants in UTC.',
    example: 'Europe/Paris',
  })
  @IsOptional()
  @IsTimeZone({ message: 'tz must be a known IANA time zone' })
  tz?: string;
}
