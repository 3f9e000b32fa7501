import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminService } from './admin.service.js';
import { AnalyticsQueryDto } from './dto/analytics-query.dto.js';
import { AnalyticsDto } from './dto/analytics.dto.js';
import { ContactSubmissionDto } from './dto/contact-submission.dto.js';
import { ListContactsQueryDto } from './dto/list-contacts-query.dto.js';

@ApiTags('admin')
@Controller('admin')
export class AdminController {
  constructor(private readonly adminService: AdminService) {}

  @Get('contacts')
  @ApiOkResponse({
    description: 'Submissions, newest first; a `Link: rel="next"` header when more exist.',
    type: [ContactSubmissionDto],
  })
  async listContacts(
    @Query() { limit, cursor }: ListContactsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContactSubmissionDto[]> {
    const page = await this.adminService.listContacts(limit, cursor);
    if (page.nextCursor) res.setHeader('Link', `</api/admin/contacts?limit=${limit}&cursor=${page.nextCursor}>; rel="next"`);
    return page.items.map((row) => ContactSubmissionDto.from(row, page.repeatOf.get(row.id) ?? null));
  }

  @Get('analytics')
  @ApiOkResponse({ description: 'Totals; "this month" in the given time zone.', type: AnalyticsDto })
  analytics(@Query() { tz }: AnalyticsQueryDto): Promise<AnalyticsDto> {
    return this.adminService.analytics(tz);
  }
}
