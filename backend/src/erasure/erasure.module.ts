import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { Clock } from '../common/clock.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { ErasureController } from './erasure.controller.js';
import { PrivacyController } from './privacy.controller.js';
import { RetentionService } from './retention.service.js';

/** Erasure on request (a lead, a person) and by RETENTION_DAYS, downstream copy included (ErasureService, leads/). */
@Module({
  imports: [DeliveriesModule, AuditModule],
  controllers: [ErasureController, PrivacyController],
  providers: [RetentionService, Clock],
})
export class ErasureModule {}
