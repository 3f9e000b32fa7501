import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../common/clock.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';

/** The dashboard's figures, read from the counters the submissions' triggers keep. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactSubmission])],
  controllers: [AnalyticsController],
  providers: [AnalyticsService, Clock],
})
export class AnalyticsModule {}
