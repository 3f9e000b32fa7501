import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MinRole } from '../identity/roles.js';
import { ResponseTimeSettingsDto } from '../leads/dto/response-time-settings.dto.js';
import { ResponseTimeScan } from './response-time-scan.service.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';

/** Settings → Response time, `/api/admin/settings/response-time`: every role reads, admins change. */
@ApiTags('admin')
@Controller('admin/settings/response-time')
export class ResponseTimeSettingsController {
  constructor(
    private readonly settings: ResponseTimeSettingsService,
    private readonly scan: ResponseTimeScan,
  ) {}

  @Get()
  @MinRole('viewer')
  @ApiOkResponse({ type: ResponseTimeSettingsDto })
  read(): Promise<ResponseTimeSettingsDto> {
    return this.settings.read();
  }

  @Put()
  @MinRole('admin')
  @ApiOkResponse({ description: 'Saved; the settings as they are now.', type: ResponseTimeSettingsDto })
  @ApiBadRequestResponse({ description: 'Every rule the body failed.' })
  async save(@Body() settings: ResponseTimeSettingsDto): Promise<ResponseTimeSettingsDto> {
    const saved = await this.settings.save(settings);
    this.scan.soon();
    return saved;
  }
}
