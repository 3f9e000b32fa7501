import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MinRole } from '../identity/roles.js';
import { ResponseTimeReportDto, ResponseTimeReportQueryDto } from './dto/response-time-report.dto.js';
import { ResponseTimeReport } from './response-time-report.service.js';

/** Analytics → Response time, `/api/admin/analytics/response-time`. */
@ApiTags('admin')
@MinRole('viewer')
@Controller('admin/analytics/response-time')
export class ResponseTimeReportController {
  constructor(private readonly reports: ResponseTimeReport) {}

  @Get()
  @ApiOkResponse({
    description: 'Response time over the leads submitted in [from, to), spam excluded.',
    type: ResponseTimeReportDto,
  })
  report(@Query() query: ResponseTimeReportQueryDto): Promise<ResponseTimeReportDto> {
    return this.reports.report(query);
  }
}
