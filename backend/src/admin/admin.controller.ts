import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminService } from './admin.service.js';
import { AnalyticsQueryDto } from './dto/analytics-query.dto.js';
import { AnalyticsDto } from './dto/analytics.dto.js';
import { ContactSubmissionDto } from './dto/contact-submission.dto.js';
import { TrendDayDto } from './dto/trend-day.dto.js';
import { TrendQueryDto } from './dto/trend-query.dto.js';
import { ListContactsQueryDto } from './dto/list-contacts-query.dto.js';
import { contactFilters, filtersSearchParams } from './contact-filters.js';

@ApiTags('admin')
@Controller('admin')
export class AdminController {
  constructor(private readonly adminService: AdminService) {}

  @Get('contacts')
  @ApiOkResponse({
    description:
      'Submissions that match the filters, newest first; a `Link: rel="next"` header (same filters) when more exist. ' +
      '`X-Total-Count`: the rows that match, exact up to 10,000 and estimated beyond (then `X-Total-Count-Estimated: true`).',
    type: [ContactSubmissionDto],
    headers: {
      'X-Total-Count': { schema: { type: 'integer' }, description: 'Rows that match the filters.' },
      'X-Total-Count-Estimated': {
        schema: { type: 'string', enum: ['true'] },
        description: 'Present when the count is an estimate.',
      },
      Link: { schema: { type: 'string' }, description: 'RFC 8288 `rel="next"` link when more rows exist.' },
    },
  })
  async listContacts(
    @Query() query: ListContactsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContactSubmissionDto[]> {
    const filters = contactFilters(query);
    const [page, count] = await Promise.all([
      this.adminService.listContacts(filters, query.limit, query.cursor),
      this.adminService.countContacts(filters),
    ]);
    res.setHeader('X-Total-Count', String(count.total));
    if (count.estimated) res.setHeader('X-Total-Count-Estimated', 'true');
    if (page.nextCursor) {
      const next = filtersSearchParams(filters);
      next.set('limit', String(query.limit));
      next.set('cursor', page.nextCursor);
      res.setHeader('Link', `</api/admin/contacts?${next.toString()}>; rel="next"`);
    }
    return page.items.map((row) => ContactSubmissionDto.from(row, page.repeatOf.get(row.id) ?? null));
  }

  @Get('analytics')
  @ApiOkResponse({ description: 'Totals; "this month" in the given time zone.', type: AnalyticsDto })
  analytics(@Query() { tz }: AnalyticsQueryDto): Promise<AnalyticsDto> {
    return this.adminService.analytics(tz);
  }

  @Get('analytics/trend')
  @ApiOkResponse({
    description: 'Submissions a calendar day in `tz` by interest, oldest first, every day present.',
    type: [TrendDayDto],
  })
  trend(@Query() { tz, days }: TrendQueryDto): Promise<TrendDayDto[]> {
    return this.adminService.trend(tz, days);
  }
}
