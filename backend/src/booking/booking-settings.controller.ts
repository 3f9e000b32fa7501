import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MinRole } from '../identity/roles.js';
import { BookingSettingsService } from './booking-settings.service.js';
import { BookingSettingsDto } from './dto/booking-settings.dto.js';

/** Settings → Booking: the team's booking link, `/api/admin/settings/booking`. */
@ApiTags('admin')
@Controller('admin/settings/booking')
@MinRole('admin')
export class BookingSettingsController {
  constructor(private readonly settings: BookingSettingsService) {}

  @Get()
  @ApiOkResponse({ type: BookingSettingsDto })
  read(): Promise<BookingSettingsDto> {
    return this.settings.read();
  }

  @Put()
  @ApiOkResponse({ description: 'Saved; the settings as they are now.', type: BookingSettingsDto })
  @ApiBadRequestResponse({ description: 'Every rule the body failed.' })
  save(@Body() settings: BookingSettingsDto): Promise<BookingSettingsDto> {
    return this.settings.save(settings);
  }
}
