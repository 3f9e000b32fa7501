import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ContactSubmission } from '../contact/contact-submission.entity.js';
import { AdminService, type Analytics } from './admin.service.js';
import { AnalyticsQueryDto } from './dto/analytics-query.dto.js';
import { ListContactsQueryDto } from './dto/list-contacts-query.dto.js';

@ApiTags('admin')
@Controller('admin')
export class AdminController {
  constructor(private readonly adminService: AdminService) {}

  @Get('contacts')
  @ApiOkResponse({ description: 'Submissions, newest first; a `Link: rel="next"` header when more exist.' })
  async listContacts(
    @Query() { limit, cursor }: ListContactsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContactSubmission[]> {
    const page = await this.adminService.listContacts(limit, cursor);
    if (page.nextCursor) res.setHeader('Link', `</api/admin/contacts?limit=${limit}&cursor=${page.nextCursor}>; rel="next"`);
    return page.items;
  }

  @Get('analytics')
  @ApiOkResponse({ description: 'Totals; "this month" in the given time zone.' })
  analytics(@Query() { tz }: AnalyticsQueryDto): Promise<Analytics> {
    return this.adminService.analytics(tz);
  }
}
