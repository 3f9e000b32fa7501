import { Module } from '@nestjs/common';
import { EventStream } from './event-stream.service.js';
import { EventsController } from './events.controller.js';
import { LeadCreatedListener } from './lead-created-listener.service.js';
import { LiveLeadEvents } from './live-lead-events.service.js';

/** The dashboard's live events: PostgreSQL LISTEN/NOTIFY fanned out to server-sent event streams. */
@Module({
  controllers: [EventsController],
  providers: [LeadCreatedListener, EventStream, LiveLeadEvents],
})
export class LiveEventsModule {}
