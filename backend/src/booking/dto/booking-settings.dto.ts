import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Trim } from '../../common/transforms.js';
import {
  BOOKING_PROVIDERS,
  BOOKING_URL_MAX_LENGTH,
  type BookingProvider,
  IsBookingUrlOrNull,
} from '../../common/booking-link.js';

/** GET and PUT /api/admin/settings/booking: the team's booking link and the tool it opens. */
export class BookingSettingsDto {
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: BOOKING_URL_MAX_LENGTH,
    description: 'The link a lead gets when its assignee has none (an https: URL); null: none.',
    example: 'https://cal.com/team/intro',
  })
  @Trim()
  @IsBookingUrlOrNull('defaultUrl')
  defaultUrl!: string | null;

  @ApiProperty({
    enum: BOOKING_PROVIDERS,
    description: "The scheduling tool: decides the parameter that carries the lead's id (docs/booking.md).",
  })
  @IsIn(BOOKING_PROVIDERS, { message: `provider must be one of ${BOOKING_PROVIDERS.join(', ')}` })
  provider!: BookingProvider;
}
