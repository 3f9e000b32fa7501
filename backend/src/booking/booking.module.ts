import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { MailModule } from '../mail/mail.module.js';
import { BookingSettingsController } from './booking-settings.controller.js';
import { BookingSettingsService } from './booking-settings.service.js';
import { CalendarWebhooksController } from './calendar-webhooks.controller.js';
import { CalendarWebhooks } from './calendar-webhooks.service.js';
import { Meetings } from './meetings.service.js';

/**
 * Booking links and the meetings that come back (docs/booking.md): the team's link
 * (BookingSettingsService), a lead's link (src/leads/booking-links.service.ts; the form's answer reads it
 * in the intake's statement), and the Cal.com and Calendly webhooks (CalendarWebhooks → Meetings).
 */
@Module({
  imports: [AuditModule, DeliveriesModule, MailModule],
  controllers: [BookingSettingsController, CalendarWebhooksController],
  providers: [BookingSettingsService, CalendarWebhooks, Meetings],
})
export class BookingModule {}
