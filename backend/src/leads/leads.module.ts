import { Global, Module } from '@nestjs/common';
import { LeadEvents } from './lead-events.service.js';

/**
 * The lead's events (LeadEvents): global, so that every channel can subscribe and every
 * feature that changes a lead can tell it, with one registry for the whole app.
 */
@Global()
@Module({
  providers: [LeadEvents],
  exports: [LeadEvents],
})
export class LeadsModule {}
