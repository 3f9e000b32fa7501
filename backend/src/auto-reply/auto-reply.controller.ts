import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MinRole } from '../identity/roles.js';
import { AutoReplySettingsService } from './auto-reply-settings.service.js';
import { AutoReplySettingsDto } from './dto/auto-reply-settings.dto.js';

/** Settings → E-mail's auto-reply to the visitor, `/api/admin/settings/auto-reply`. */
@ApiTags('admin')
@Controller('admin/settings/auto-reply')
@MinRole('admin')
export class AutoReplyController {
  constructor(private readonly settings: AutoReplySettingsService) {}

  @Get()
  @ApiOkResponse({ type: AutoReplySettingsDto })
  read(): Promise<AutoReplySettingsDto> {
    return this.settings.read();
  }

  @Put()
  @ApiOkResponse({ description: 'Saved; the settings as they are now.', type: AutoReplySettingsDto })
  @ApiBadRequestResponse({ description: 'Every rule the body failed.' })
  save(@Body() settings: AutoReplySettingsDto): Promise<AutoReplySettingsDto> {
    return this.settings.save(settings);
  }
}
