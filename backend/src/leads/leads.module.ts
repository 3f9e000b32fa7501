import { Global, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { ErasureService } from './erasure.service.js';
import { LeadDetail } from './lead-detail.service.js';
import { LeadEvents } from './lead-events.service.js';
import { LeadRouting } from './lead-routing.service.js';
import { BookingLinks } from './booking-links.service.js';

/**
 * The lead's events (LeadEvents), its detail (LeadDetail), its erasure, its routing (LeadRouting) and its booking link (BookingLinks): global, so that
 * every channel can subscribe and every feature that changes or erases a lead can tell it,
 * with one registry for the app.
 */
@Global()
@Module({
  imports: [AuditModule, DeliveriesModule],
  providers: [LeadEvents, ErasureService, LeadDetail, LeadRouting, BookingLinks],
  exports: [LeadEvents, ErasureService, LeadDetail, LeadRouting, BookingLinks],
})
export class LeadsModule {}
