import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MinRole } from '../identity/roles.js';
import { AnalyticsService } from './analytics.service.js';
import { AnalyticsQueryDto } from './dto/analytics-query.dto.js';
import { AnalyticsDto } from './dto/analytics.dto.js';
import { TrendDayDto } from './dto/trend-day.dto.js';
import { TrendQueryDto } from './dto/trend-query.dto.js';

// The admin routes share the OpenAPI tag `admin`, as they did before analytics had a controller of its own.
@ApiTags('admin')
@MinRole('viewer')
@Controller('admin/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  @ApiOkResponse({ description: 'Totals; "this month" in the given time zone.', type: AnalyticsDto })
  totals(@Query() { tz }: AnalyticsQueryDto): Promise<AnalyticsDto> {
    return this.analytics.totals(tz);
  }

  @Get('trend')
  @ApiOkResponse({
    description: 'Submissions a calendar day in `tz` by interest, oldest first, every day present.',
    type: [TrendDayDto],
  })
  trend(@Query() { tz, days }: TrendQueryDto): Promise<TrendDayDto[]> {
    return this.analytics.trend(tz, days);
  }
}
