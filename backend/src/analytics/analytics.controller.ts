import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AnalyticsService } from './analytics.service.js';
import { AnalyticsQueryDto } from './dto/analytics-query.dto.js';
import { AnalyticsDto } from './dto/analytics.dto.js';
import { TrendDayDto } from './dto/trend-day.dto.js';
import { TrendQueryDto } from './dto/trend-query.dto.js';

// The operation ids are those the API had before this controller (the frontend's generated
// types name them), and so is the tag.
@ApiTags('admin')
@Controller('admin/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  @ApiOperation({ operationId: 'AdminController_analytics' })
  @ApiOkResponse({ description: 'Totals; "this month" in the given time zone.', type: AnalyticsDto })
  totals(@Query() { tz }: AnalyticsQueryDto): Promise<AnalyticsDto> {
    return this.analytics.totals(tz);
  }

  @Get('trend')
  @ApiOperation({ operationId: 'AdminController_trend' })
  @ApiOkResponse({
    description: 'Submissions a calendar day in `tz` by interest, oldest first, every day present.',
    type: [TrendDayDto],
  })
  trend(@Query() { tz, days }: TrendQueryDto): Promise<TrendDayDto[]> {
    return this.analytics.trend(tz, days);
  }
}
