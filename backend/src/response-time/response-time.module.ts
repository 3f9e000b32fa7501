import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ResponseTimeReportController } from './response-time-report.controller.js';
import { ResponseTimeReport } from './response-time-report.service.js';
import { ResponseTimeScan } from './response-time-scan.service.js';
import { ResponseTimeSettingsController } from './response-time-settings.controller.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';

/** Response time: its settings, the scan that escalates and reminds, and the report. */
@Module({
  imports: [DeliveriesModule, MailModule],
  controllers: [ResponseTimeSettingsController, ResponseTimeReportController],
  providers: [ResponseTimeSettingsService, ResponseTimeScan, ResponseTimeReport],
})
export class ResponseTimeModule {}
