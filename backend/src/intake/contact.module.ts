import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { SpamModule } from './spam/spam.module.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { IntakeMetrics } from './intake-metrics.service.js';
import { AdmissionBatcher } from './admission-batcher.js';
import { SubmissionBatcher } from './submission-batcher.js';
import { SubmissionCountsRollup } from '../leads/submission-counts-rollup.service.js';

@Module({
  imports: [DeliveriesModule, SpamModule],
  controllers: [ContactController],
  providers: [ContactService, AdmissionBatcher, SubmissionBatcher, SubmissionCountsRollup, IntakeMetrics],
})
export class ContactModule {}
